import { premiumTemplateMessage } from './plans.ts';

/**
 * Domain error codes shared by server and client. The server's one error handler maps each code
 * to an HTTP status; the message is what the user reads (the product's wording, product.md, Messages).
 */
export const errorStatus = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  PREMIUM_TEMPLATE: 403,
  UPLOAD_QUOTA: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  NAME_TAKEN: 409,
  DOMAIN_TAKEN: 409,
  STALE_VERSION: 409,
  INVALID_TOKEN: 400,
  INSUFFICIENT_CREDITS: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  PARSE_FAILED: 422,
  FILE_ENCRYPTED: 422,
  FILE_EMPTY: 422,
  FILE_IMAGE_ONLY: 422,
  FILE_CORRUPT: 422,
  PARSE_TIMEOUT: 422,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  RENDER_BUSY: 503,
  /** Every parser worker was taken for longer than the queue's wait limit (nothing was parsed). */
  PARSE_BUSY: 503,
  PAYMENT_FAILED: 402,
  /** PayPal declined the buyer's funding source: the PayPal button restarts (actions.restart()). */
  PAYMENT_RESTART: 422,
  PAYMENT_UNAVAILABLE: 502,
  FORM_SERVICE: 502,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const defaultMessages: Record<ErrorCode, string> = {
  VALIDATION: 'Invalid request',
  BAD_REQUEST: 'Bad request',
  UNAUTHENTICATED: 'Not authenticated',
  INVALID_CREDENTIALS: 'Invalid username or password',
  EMAIL_NOT_VERIFIED: 'Email not verified',
  FORBIDDEN: 'Forbidden',
  PLAN_LIMIT: 'Your plan does not allow this. Please upgrade your plan.',
  PREMIUM_TEMPLATE: premiumTemplateMessage(),
  UPLOAD_QUOTA: 'You have reached the upload limit for your account.',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflict',
  USERNAME_TAKEN: 'Username already exists',
  EMAIL_TAKEN: 'Email already registered',
  NAME_TAKEN: 'Please choose a different portfolio name or delete the old one first.',
  DOMAIN_TAKEN: 'This domain is already taken',
  STALE_VERSION:
    'This portfolio was changed elsewhere (another tab or device). Reload to see the latest version.',
  INVALID_TOKEN: 'This link is invalid or has expired',
  INSUFFICIENT_CREDITS:
    'You do not have enough credits to parse a resume. Please upgrade your plan',
  PAYLOAD_TOO_LARGE: 'File size must be less than 5MB',
  UNSUPPORTED_FILE: 'Only PDF, DOC and DOCX files are accepted',
  PARSE_FAILED: 'Parse failed. Please try again.',
  FILE_ENCRYPTED: 'This document is password-protected. Please upload an unprotected copy.',
  FILE_EMPTY: 'This document contains no text.',
  FILE_IMAGE_ONLY:
    'This document is a scanned image with no text layer. Please upload a text-based PDF or a Word file.',
  FILE_CORRUPT: 'This file is damaged or not a valid document.',
  PARSE_TIMEOUT: 'Parsing took too long. Please try a simpler document.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  NOT_CONFIGURED: 'This feature is not configured on this server',
  RENDER_BUSY: 'Building the page took too long. Please try again in a moment.',
  PARSE_BUSY: 'Many documents are being read right now. Please try again in a moment.',
  PAYMENT_FAILED: 'Please try again or contact support.',
  PAYMENT_RESTART: 'PayPal declined this payment method. Please choose another way to pay.',
  PAYMENT_UNAVAILABLE: 'An error occurred during payment processing',
  FORM_SERVICE: 'Unexpected response format',
  INTERNAL: 'An unexpected error occurred',
};

/** A domain error: thrown anywhere, turned into a response by the one error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message?: string, options?: { field?: string; cause?: unknown }) {
    super(message ?? defaultMessages[code], { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.field = options?.field;
  }
}

/** JSON body of every error response. `detail` repeats the message (older clients read it). */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  detail: string;
  field?: string;
  issues?: { path: string; message: string }[];
}
