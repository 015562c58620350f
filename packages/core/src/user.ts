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
  /** A new address waiting for its confirmation link to be opened; the account keeps `email` until then. */
  pendingEmail: z.string().nullable(),
  /** False for an account that signs in with Google only. */
  hasPassword: z.boolean(),
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

/** Profile changes (docs/product.md, Profile): name, e-mail (after its verification), password. */
export const accountMessages = {
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not right.',
  passwordNotSet:
    'Your account signs in with Google and has no password yet. We can email you a link to set one.',
  sameEmail: 'This is already your email address.',
  noPendingEmail: 'There is no email change waiting for confirmation.',
  mailHeldBack:
    'Too many emails were sent to this address. Please wait a few minutes and try again.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  emailChangeCancelled: 'Email change cancelled.',
} as const;

/** PATCH /api/account: the display name (sign-up's rule). */
export const updateProfileInputSchema = z.object({ name: registerInputSchema.shape.name });
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/**
 * POST /api/account/email: asks to move the account to a new address; it takes effect once the
 * link mailed there is opened. The current password is asked when the account has one.
 */
export const changeEmailInputSchema = z.object({
  email: registerInputSchema.shape.email,
  password: z.string().max(200).optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

/** POST /api/account/password: the current password, and a new one by sign-up's rule. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, accountMessages.currentPasswordRequired).max(200),
  newPassword: registerInputSchema.shape.password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The change-password form adds the repeated new password (not sent). */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string().min(1, authMessages.confirmRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
