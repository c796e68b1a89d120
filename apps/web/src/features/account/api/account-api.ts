import {
  accountOperations,
  clientsOperations,
  type MailMessageSchema,
  mailOperations,
  rolesOperations,
} from '@sapa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session';
import { accountKeys } from './get-me';

/** Keys of the caller's own account data: per user and client, so a client switch reads afresh. */
const keys = {
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
  mfa: (userId: string) => [...accountKeys.all, 'mfa', userId] as const,
  rights: (userId: string) => ['myRights', userId] as const,
  apiSecret: (clientId: string) => [...accountKeys.all, 'apiSecret', clientId] as const,
  outbox: (to: string, page: number, pageSize: number) =>
    [...accountKeys.all, 'outbox', to, page, pageSize] as const,
};

function useCaller() {
  const userId = useSessionStore((state) => state.session?.userId ?? '');
  const clientId = useSessionStore((state) => state.session?.clientId ?? '');
  return { userId, clientId };
}

/** `GET /api/users/profile`: name, email, MFA and consent of the signed-in user. */
export function useProfile() {
  const { userId } = useCaller();
  return useQuery({
    queryKey: keys.profile(userId),
    queryFn: ({ signal }) => callOperation(accountOperations.getProfile, { signal }),
    enabled: userId !== '',
  });
}

/** `PUT /api/users/profile`; the header's name follows. */
export function useUpdateProfile() {
  const { userId } = useCaller();
  const queryClient = useQueryClient();
  const updateSession = useSessionStore((state) => state.updateSession);
  return useMutation({
    mutationFn: (body: { name: string }) => callOperation(accountOperations.updateProfile, { body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(keys.profile(userId), profile);
      updateSession({ name: profile.name });
      return queryClient.invalidateQueries({ queryKey: [...accountKeys.all, 'me'] });
    },
  });
}

/** `PUT /api/users/consent`: accept or withdraw the terms (version 1). */
export function useUpdateConsent() {
  const { userId } = useCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accepted: boolean) =>
      callOperation(accountOperations.updateConsent, { body: { accepted, consentVersion: '1' } }),
    onSuccess: (profile) => queryClient.setQueryData(keys.profile(userId), profile),
  });
}

export type ChangePasswordInput = { oldPassword: string; newPassword: string; confirmPassword: string };

/** `POST /api/users/changePassword`: the user's other sessions end, this one stays. */
export function useChangePassword() {
  const { userId } = useCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => callOperation(accountOperations.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.profile(userId) }),
  });
}

/** `GET /api/users/mfa`. */
export function useMfaStatus() {
  const { userId } = useCaller();
  return useQuery({
    queryKey: keys.mfa(userId),
    queryFn: ({ signal }) => callOperation(accountOperations.getMfaStatus, { signal }),
    enabled: userId !== '',
  });
}

/** `GET /api/users/mfa/activate`: a new secret (otpauth URI and base32) waiting for a first code. */
export function useStartMfa() {
  return useMutation({
    mutationFn: () => callOperation(accountOperations.startMfa),
  });
}

/** `POST /api/users/mfa/verify` or `/deactivate` with a code: MFA on or off. */
export function useMfaCode(action: 'verify' | 'deactivate') {
  const { userId } = useCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      callOperation(action === 'verify' ? accountOperations.verifyMfa : accountOperations.deactivateMfa, {
        body: { token },
      }),
    onSuccess: (status) => {
      queryClient.setQueryData(keys.mfa(userId), status);
      return queryClient.invalidateQueries({ queryKey: keys.profile(userId) });
    },
  });
}

/** Whether the signed-in user's role holds `right`; unknown while loading (the section then waits). */
export function useMyRight(right: string): boolean | undefined {
  const { userId } = useCaller();
  const rights = useQuery({
    queryKey: keys.rights(userId),
    queryFn: ({ signal }) => callOperation(rolesOperations.getMyRights, { signal }),
    enabled: userId !== '',
    staleTime: 60_000,
  });
  return rights.data ? rights.data.rightCodes.includes(right) : undefined;
}

/** `GET /api/clients/apiSecret`: whether the session's client has an API secret (never the secret). */
export function useApiSecretStatus(enabled: boolean) {
  const { clientId } = useCaller();
  return useQuery({
    queryKey: keys.apiSecret(clientId),
    queryFn: ({ signal }) => callOperation(clientsOperations.getApiSecretStatus, { signal }),
    enabled: enabled && clientId !== '',
  });
}

/** `POST /api/clients/apiSecret`: a new secret, shown once; the previous one stops working. */
export function useRotateApiSecret() {
  const { clientId } = useCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(clientsOperations.rotateApiSecret),
    onSuccess: (secret) =>
      queryClient.setQueryData(keys.apiSecret(clientId), {
        exists: true,
        prefix: secret.prefix,
        createdAt: secret.createdAt,
      }),
  });
}

export type MailMessage = z.infer<typeof MailMessageSchema>;

/** `GET /api/mail/outbox` (super admin): mail sent in embedded mode, newest first. */
export function useMailOutbox(to: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.outbox(to, page, pageSize),
    queryFn: ({ signal }) =>
      callOperation(mailOperations.listOutbox, {
        signal,
        query: { to: to || undefined, pageSize, pageNumber: page - 1 },
      }),
    placeholderData: keepPreviousData,
  });
}
