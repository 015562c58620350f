import {
  AppError,
  accountMessages,
  authResponseSchema,
  changeEmailInputSchema,
  changePasswordInputSchema,
  googleAuthInputSchema,
  loginInputSchema,
  messageResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerInputSchema,
  registerResponseSchema,
  resendVerificationSchema,
  updateProfileInputSchema,
  userSchema,
} from '@folio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { toUser } from '../../shared/users.ts';
import { RESEND_MESSAGE, RESET_REQUESTED_MESSAGE } from './accounts.ts';
import { GoogleVerifier } from './google.ts';

/**
 * Runs work only once the answer has gone out (or the client has gone), so that neither its
 * duration nor its failure can show in the answer: the reset and resend-verification answers
 * take the same time whether or not the account exists. Failures are logged.
 */
function afterResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  work: () => Promise<void>,
): void {
  const run = () => {
    work().catch((err: unknown) => request.log.error({ err }, `${what} failed`));
  };
  reply.then(run, run);
}

export function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings, accounts } = app;
  /** Brute-force protection: per client address, per route. */
  const limited = { rateLimit: { max: settings.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };
  const tags = ['auth'];
  const google = settings.GOOGLE_CLIENT_ID
    ? new GoogleVerifier(settings.GOOGLE_CLIENT_ID, settings.GOOGLE_JWKS_URL)
    : null;

  r.post('/api/register', {
    config: { access: 'public', ...limited },
    schema: { tags, body: registerInputSchema, response: { 201: registerResponseSchema } },
    handler: async (request, reply) => {
      const result = await accounts.register(request.body, request.headers['user-agent']);
      return reply.status(201).send(result);
    },
  });

  r.post('/api/login', {
    config: { access: 'public', ...limited },
    schema: { tags, body: loginInputSchema, response: { 200: authResponseSchema } },
    handler: (request) =>
      accounts.login(request.body.username, request.body.password, request.headers['user-agent']),
  });

  r.post('/api/logout', {
    config: { access: 'user' },
    schema: { tags, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await accounts.logout(request.auth!.sessionId);
      return { message: 'Logged out' };
    },
  });

  r.get('/api/user', {
    config: { access: 'user' },
    schema: { tags, response: { 200: userSchema } },
    handler: (request) => toUser(currentUser(request)),
  });

  r.post('/api/password-reset/request', {
    config: { access: 'public', ...limited },
    schema: { tags, body: passwordResetRequestSchema, response: { 200: messageResponseSchema } },
    handler: (request, reply) => {
      const { email } = request.body;
      afterResponse(request, reply, 'password reset mail', () =>
        accounts.requestPasswordReset(email),
      );
      return { message: RESET_REQUESTED_MESSAGE };
    },
  });

  r.post('/api/password-reset/confirm', {
    config: { access: 'public', ...limited },
    schema: { tags, body: passwordResetConfirmSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await accounts.confirmPasswordReset(request.body.token, request.body.new_password);
      return { message: 'Password reset successful!' };
    },
  });

  r.post('/api/resend-verification', {
    config: { access: 'public', ...limited },
    schema: { tags, body: resendVerificationSchema, response: { 200: messageResponseSchema } },
    handler: (request, reply) => {
      const { usernameOrEmail } = request.body;
      afterResponse(request, reply, 'verification mail', () =>
        accounts.resendVerification(usernameOrEmail),
      );
      return { message: RESEND_MESSAGE };
    },
  });

  r.get('/api/verify-email', {
    config: { access: 'public', ...limited },
    schema: {
      tags,
      querystring: z.object({ token: z.string().min(1).max(200) }),
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await accounts.verifyEmail(request.query.token);
      return { message: 'Email verified' };
    },
  });

  r.post('/api/auth/google', {
    config: { access: 'public', ...limited },
    schema: { tags, body: googleAuthInputSchema, response: { 200: authResponseSchema } },
    handler: async (request) => {
      if (!google) throw new AppError('NOT_CONFIGURED', 'Google sign-in is not configured');
      const identity = await google.verify(request.body.token);
      return accounts.googleSignIn(identity, request.headers['user-agent']);
    },
  });

  // The profile's changes (account-changes.ts): name, e-mail after verification, password.
  const account = ['account'];

  r.patch('/api/account', {
    config: { access: 'user', ...limited },
    schema: { tags: account, body: updateProfileInputSchema, response: { 200: userSchema } },
    handler: async (request) =>
      toUser(await accounts.updateName(currentUser(request), request.body.name)),
  });

  r.post('/api/account/email', {
    config: { access: 'user', ...limited },
    schema: { tags: account, body: changeEmailInputSchema, response: { 200: userSchema } },
    handler: async (request) => {
      const { email, password } = request.body;
      return toUser(await accounts.requestEmailChange(currentUser(request), email, password));
    },
  });

  r.post('/api/account/email/resend', {
    config: { access: 'user', ...limited },
    schema: { tags: account, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await accounts.resendEmailChange(currentUser(request));
      return { message: 'We sent a new link. Please check your inbox.' };
    },
  });

  r.delete('/api/account/email', {
    config: { access: 'user', ...limited },
    schema: { tags: account, response: { 200: userSchema } },
    handler: async (request) => toUser(await accounts.cancelEmailChange(currentUser(request))),
  });

  r.post('/api/account/password', {
    config: { access: 'user', ...limited },
    schema: {
      tags: account,
      body: changePasswordInputSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      const { currentPassword, newPassword } = request.body;
      await accounts.changePassword(
        currentUser(request),
        request.auth!.sessionId,
        currentPassword,
        newPassword,
      );
      return { message: accountMessages.passwordChanged };
    },
  });
}
