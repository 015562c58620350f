import { z } from 'zod';
import { planIdSchema } from './plan-id.ts';

/** Account messages (product.md, Validation). */
export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  passwordMin: 'Password must be at least 6 characters',
  emailInvalid: 'Invalid email address',
  nameRequired: 'Full name is required',
  confirmRequired: 'Confirm your password',
  passwordsDontMatch: "Passwords don't match",
  emailRequired: 'Email is required',
  resetRequired: 'Required',
  resetMin: 'At least 6 chars',
  resetMismatch: 'Passwords must match',
} as const;

/** The current user as the API returns it (password never leaves the server). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  credits: z.number().int(),
  plan: planIdSchema,
  emailVerified: z.boolean(),
  planExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginInputSchema = z.object({
  username: z.string().trim().min(1, authMessages.usernameRequired).max(254),
  password: z.string().min(1, authMessages.passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Register payload (product.md, Content): username, email, name, password. */
export const registerInputSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, authMessages.usernameMin)
    .max(40, 'Username must be at most 40 characters')
    .regex(
      /^[A-Za-z0-9_.-]+$/,
      'Username can only contain letters, numbers, dots, dashes and underscores',
    ),
  email: z.string().trim().max(254).email(authMessages.emailInvalid),
  name: z.string().trim().min(1, authMessages.nameRequired).max(100),
  password: z.string().min(6, authMessages.passwordMin).max(200),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The register form adds confirmPassword (dropped before sending). */
export const registerFormSchema = registerInputSchema
  .extend({ confirmPassword: z.string().min(1, authMessages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Registration when email verification is required: no token until verified. */
export const registerResponseSchema = z.object({
  user: userSchema,
  token: z.string().nullable(),
  verificationRequired: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, authMessages.emailRequired).max(254),
});
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  new_password: z
    .string()
    .min(1, authMessages.resetRequired)
    .min(6, authMessages.resetMin)
    .max(200),
});
export const resetPasswordFormSchema = z.object({
  new_password: z.string().min(1, authMessages.resetRequired).min(6, authMessages.resetMin),
  confirm_password: z.string().min(1, authMessages.resetRequired),
});
export const resendVerificationSchema = z.object({
  usernameOrEmail: z.string().trim().min(1).max(254),
});
export const googleAuthInputSchema = z.object({ token: z.string().min(10).max(8000) });

export const messageResponseSchema = z.object({ message: z.string() });

/** Public runtime configuration the web app reads at start. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  sitesDomain: z.string(),
  googleClientId: z.string().nullable(),
  paypalClientId: z.string().nullable(),
  /** Where the PayPal JS SDK is loaded from; null = PayPal's default. */
  paypalSdkUrl: z.string().nullable(),
  emailVerificationRequired: z.boolean(),
  sale: z.object({ percent: z.number(), endsAt: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
