import { accountOperations } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/http';

/** `GET /api/auth/forgotPassword`: mails a reset link; the answer is the same whether or not the email is known. */
export async function requestPasswordReset(email: string) {
  return callOperation(accountOperations.forgotPassword, { anonymous: true, query: { email } });
}

export type ResetPasswordInput = { token: string; newPassword: string; confirmPassword: string };

/** `POST /api/auth/resetPassword`: the mailed token once, within its 30 minutes. */
export async function resetPassword(input: ResetPasswordInput) {
  return callOperation(accountOperations.resetPassword, { body: input, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
