import { type SandboxBusiness, SandboxBusinessSchema } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { sandboxPhoneKeys } from './sandbox-keys';

/** `GET /api/sandbox/whatsapp/{phoneNumberId}`: the business the sandbox phone writes to (404 off the sandbox). */
export async function getSandboxBusiness(
  phoneNumberId: string,
  signal?: AbortSignal,
): Promise<SandboxBusiness> {
  return SandboxBusinessSchema.parse(
    await http.get(`/api/sandbox/whatsapp/${encodeURIComponent(phoneNumberId)}`, { anonymous: true, signal }),
  );
}

export function sandboxBusinessQueryOptions(phoneNumberId: string) {
  return queryOptions({
    queryKey: sandboxPhoneKeys.business(phoneNumberId),
    queryFn: ({ signal }) => getSandboxBusiness(phoneNumberId, signal),
    retry: false,
  });
}

export function useSandboxBusiness(phoneNumberId: string) {
  return useQuery(sandboxBusinessQueryOptions(phoneNumberId));
}
