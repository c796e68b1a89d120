import { ForgotPasswordResultSchema } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/http';

/** `GET /api/auth/forgotPassword`: mails a reset link; the answer is the same whether or not the email is known. */
export async function requestPasswordReset(email: string) {
  return ForgotPasswordResultSchema.parse(
    await http.get('/api/auth/forgotPassword', { anonymous: true, query: { email } }),
  );
}

export type ResetPasswordInput = { token: string; newPassword: string; confirmPassword: string };

/** `POST /api/auth/resetPassword`: the mailed token once, within its 30 minutes. */
export async function resetPassword(input: ResetPasswordInput) {
  return z
    .object({ reset: z.boolean() })
    .parse(await http.post('/api/auth/resetPassword', input, { anonymous: true }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
