import { type SandboxBusiness, whatsappOperations } from '@sapa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';
import { sandboxPhoneKeys } from './sandbox-keys';

/** `GET /api/sandbox/whatsapp/{phoneNumberId}`: the business the sandbox phone writes to (404 off the sandbox). */
export async function getSandboxBusiness(
  phoneNumberId: string,
  signal?: AbortSignal,
): Promise<SandboxBusiness> {
  return callOperation(whatsappOperations.getSandboxBusiness, {
    params: { phoneNumberId },
    anonymous: true,
    signal,
  });
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
