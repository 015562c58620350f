import { z } from 'zod';

/** The public contact form (product.md, Validation): all four fields required, email validated. */
export const contactFormMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  /** The success message (product.md, Messages). */
  sent: 'Message sent successfully!',
} as const;

export const contactInputSchema = z.object({
  name: z.string().trim().min(1, contactFormMessages.nameRequired).max(200),
  email: z
    .string()
    .trim()
    .min(1, contactFormMessages.emailRequired)
    .max(254)
    .pipe(z.email(contactFormMessages.emailInvalid)),
  subject: z.string().trim().min(1, contactFormMessages.subjectRequired).max(300),
  message: z.string().trim().min(1, contactFormMessages.messageRequired).max(10_000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** The error codes a form service (Formspree-style API) answers with. */
export const formServiceCodes = [
  'BLOCKED',
  'EMPTY',
  'FILES_TOO_BIG',
  'FORM_NOT_FOUND',
  'INACTIVE',
  'NO_FILE_UPLOADS',
  'PROJECT_NOT_FOUND',
  'TOO_MANY_FILES',
  'REQUIRED_FIELD_EMPTY',
  'REQUIRED_FIELD_MISSING',
  'TYPE_EMAIL',
  'TYPE_NUMERIC',
  'TYPE_TEXT',
] as const;
export type FormServiceCode = (typeof formServiceCodes)[number];

/** What a visitor reads for each form service code; anything else is 'Unexpected response format'. */
export const formServiceMessages: Record<FormServiceCode, string> = {
  BLOCKED: 'Your message was blocked by our spam filter. Please email us instead.',
  EMPTY: 'The form was empty. Please fill in every field.',
  FILES_TOO_BIG: 'The attached files are too big.',
  FORM_NOT_FOUND: 'Our contact form is misconfigured. Please email us instead.',
  INACTIVE: 'Our contact form is switched off at the moment. Please email us instead.',
  NO_FILE_UPLOADS: 'This form does not accept file uploads.',
  PROJECT_NOT_FOUND: 'Our contact form is misconfigured. Please email us instead.',
  TOO_MANY_FILES: 'Too many files were attached.',
  REQUIRED_FIELD_EMPTY: 'Please fill in every required field.',
  REQUIRED_FIELD_MISSING: 'A required field is missing. Please fill in every field.',
  TYPE_EMAIL: 'Please enter a valid email address.',
  TYPE_NUMERIC: 'A field that needs a number contains something else.',
  TYPE_TEXT: 'A field contains a value that is not text.',
};
export const formServiceUnexpected = 'Unexpected response format';

/** The first known code in a form service's error answer (`{ errors: [{ code }] }`), or null. */
export function formServiceError(body: unknown): { code: FormServiceCode | null; message: string } {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    for (const e of errors) {
      const code = (e as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && (formServiceCodes as readonly string[]).includes(code)) {
        return {
          code: code as FormServiceCode,
          message: formServiceMessages[code as FormServiceCode],
        };
      }
    }
  }
  return { code: null, message: formServiceUnexpected };
}
