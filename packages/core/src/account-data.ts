import { z } from 'zod';

/** DELETE /api/account: the user types their username, and their password when the account has one. */
export const deleteAccountInputSchema = z.object({
  confirm: z.string().trim().min(1, 'Type your username to confirm').max(100),
  password: z.string().max(200).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

export const DELETE_CONFIRM_MESSAGE = 'Type your username exactly to confirm.';
export const DELETE_PASSWORD_MESSAGE = 'That password is not right.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account and all its data have been deleted.';

/** The name of the archive GET /api/account/export sends. */
export const exportFileName = (username: string, date = new Date()) =>
  `folio-${username.replace(/[^A-Za-z0-9_.-]/g, '')}-${date.toISOString().slice(0, 10)}.zip`;

/**
 * POST /api/account/refuse: the owner of an address refuses an unconfirmed account someone made
 * with it (the link in the confirmation mail); the account is deleted.
 */
export const refuseAccountInputSchema = z.object({ token: z.string().min(1).max(200) });
export type RefuseAccountInput = z.infer<typeof refuseAccountInputSchema>;
export const ACCOUNT_REFUSED_MESSAGE =
  'The account made with your address has been deleted. Your address is free again.';
