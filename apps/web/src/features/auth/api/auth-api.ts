import type { AuthResponse, LoginInput, RegisterInput, RegisterResponse, User } from '@folio/core';
import { apiJson, getQueryFn } from '../../../lib/api-client.ts';
import { clearToken, getToken } from '../../../lib/token-storage.ts';
import type { QueryFunction } from '@tanstack/react-query';

interface MessageResponse {
  message: string;
}

const readUser = getQueryFn<User>({ on401: 'returnNull' });

/** GET /api/user: the current user, or null when signed out (no token, or a 401). */
export const fetchCurrentUser: QueryFunction<User | null> = async (context) => {
  if (!getToken()) return null;
  const user = await readUser(context);
  if (user === null) clearToken();
  return user;
};

export function login(input: LoginInput): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/login', input);
}

export function register(input: RegisterInput): Promise<RegisterResponse> {
  return apiJson<RegisterResponse>('POST', '/api/register', input);
}

export function logout(): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/logout');
}

export function googleLogin(token: string): Promise<AuthResponse> {
  return apiJson<AuthResponse>('POST', '/api/auth/google', { token });
}

export function resendVerification(usernameOrEmail: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/resend-verification', { usernameOrEmail });
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/password-reset/request', { email });
}

export function confirmPasswordReset(token: string, newPassword: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/password-reset/confirm', {
    token,
    new_password: newPassword,
  });
}

export function verifyEmail(token: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('GET', `/api/verify-email?token=${encodeURIComponent(token)}`);
}

/** POST /api/account/refuse: the owner of an address deletes an unconfirmed account made with it. */
export function refuseAccount(token: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/account/refuse', { token });
}
