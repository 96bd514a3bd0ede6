import type { Tokens } from '@app/contract/auth';
import { api } from '../../shared/api/client.ts';

export const signIn = (email: string, password: string) =>
  api.post<Tokens>('/auth/login', { username: email, password }, { auth: false });

export const requestPasswordReset = (email: string) =>
  api.post<null>('/auth/forgot-password', { email }, { auth: false });

export const completePasswordReset = (token: string, newPassword: string, confirmPassword: string) =>
  api.post<null>(
    '/auth/forgot-password/complete',
    { token, new_password: newPassword, confirm_password: confirmPassword },
    { auth: false },
  );
