import { zodResolver } from '@hookform/resolvers/zod';
import { loginInputSchema, registerFormSchema } from '@folio/core';

/*
 * The sign-in page's form rules, the shared schemas: loaded with a form's first validation
 * (lib/lazy-resolver.ts).
 */

export const loginResolver = zodResolver(loginInputSchema);
export const registerResolver = zodResolver(registerFormSchema);
/** The login form's account field: the same name, rules and message. */
export const resendResolver = zodResolver(loginInputSchema.pick({ username: true }));
