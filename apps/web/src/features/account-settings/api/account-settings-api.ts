import type { ChangeEmailInput, ChangePasswordInput, UpdateProfileInput, User } from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

/** The profile's changes: name, e-mail (pending until verified), password. */
export const updateProfile = (input: UpdateProfileInput) =>
  apiJson<User>('PATCH', '/api/account', input);

export const requestEmailChange = (input: ChangeEmailInput) =>
  apiJson<User>('POST', '/api/account/email', input);

export const resendEmailChange = () =>
  apiJson<{ message: string }>('POST', '/api/account/email/resend');

export const cancelEmailChange = () => apiJson<User>('DELETE', '/api/account/email');

export const changePassword = (input: ChangePasswordInput) =>
  apiJson<{ message: string }>('POST', '/api/account/password', input);

/** An account without a password (Google only) sets one through the reset link mailed to it. */
export const sendSetPasswordLink = (email: string) =>
  apiJson<{ message: string }>('POST', '/api/password-reset/request', { email });
