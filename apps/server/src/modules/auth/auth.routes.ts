import { MESSAGES } from '@aceite/shared/messages';
import {
  AuthSessionSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RefreshInputSchema,
  RefreshResultSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  ResetTokenParamsSchema,
  ResetTokenUserSchema,
  UserSchema,
} from '@aceite/shared/schemas/auth';
import { dataEnvelope, ErrorEnvelopeSchema, OkSchema } from '@aceite/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import * as auth from './auth.service.ts';

export interface AuthRoutesOptions {
  appUrl: string;
  /**
   * Requests per IP per minute on login, register, forgot and reset (docs/product.md#security-and-sessions).
   */
  rateLimitMax: number;
  /** Sign-up attempts per IP per hour: each creates an organization, so the minute's limit is not enough. */
  registrationLimitPerHour: number;
  /**
   * Failed sign-ins per account per 15 minutes, wherever they come from (docs/product.md#security-and-sessions):
   * the per-IP limit alone lets many addresses guess one account's password.
   */
  accountFailureLimit: number;
}

const ACCOUNT_WINDOW_MS = 15 * 60_000;

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/** The account a sign-in names, as the login looks it up (emails are stored lower-case). */
function accountKey(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function meta(req: FastifyRequest): auth.RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const deps: auth.AuthDeps = { db: app.db, tokens: app.accessTokens, appUrl: opts.appUrl };
  const limited = perIpLimit(opts.rateLimitMax);
  const tags = ['auth'];
  // Counted in the shared store like every limit (lib/postgres-rate-limit-store.ts), only on failures.
  const accountFailures = app.createRateLimit({
    max: opts.accountFailureLimit,
    timeWindow: ACCOUNT_WINDOW_MS,
    keyGenerator: (req) =>
      `sign-in-failures:${accountKey((req.body as { email?: unknown } | undefined)?.email)}`,
  });

  app.post(
    '/auth/register',
    {
      config: perIpLimit(opts.registrationLimitPerHour, '1 hour', MESSAGES.registrationLimit),
      schema: {
        tags,
        summary: 'Create an organization and its first (admin) user',
        body: RegisterInputSchema,
        response: { 201: dataEnvelope(AuthSessionSchema), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await auth.register(deps, req.body, meta(req)) }),
  );

  app.post(
    '/auth/login',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: LoginInputSchema,
        response: { 200: dataEnvelope(AuthSessionSchema), ...errors },
      },
    },
    async (req, reply) => {
      const failures = await accountFailures(req, { increment: false });
      if (!failures.isAllowed && failures.remaining === 0) {
        reply.header('retry-after', Math.max(1, failures.ttlInSeconds));
        throw new AppError('RATE_LIMITED', MESSAGES.accountSignInLimit);
      }
      try {
        return { data: await auth.login(deps, req.body, meta(req)) };
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') await accountFailures(req);
        throw error;
      }
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token into a new access and refresh token',
        body: RefreshInputSchema,
        response: { 200: dataEnvelope(RefreshResultSchema), ...errors },
      },
    },
    async (req) => ({ data: await auth.refresh(deps, req.body.refreshToken, meta(req)) }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Revoke the current session',
        security: [{ bearerAuth: [] }],
        body: z.object({ refreshToken: z.string().max(200).optional() }).nullish(),
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await auth.logout(deps, requireAuth(req).sessionId, req.body?.refreshToken);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: dataEnvelope(UserSchema), ...errors },
      },
    },
    async (req) => ({ data: await auth.getCurrentUser(deps, requireAuth(req).userId) }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Email a password reset link (always answers 200)',
        body: ForgotPasswordInputSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await auth.requestPasswordReset(deps, req.body.email, meta(req));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/auth/validate-reset-token/:resetToken',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Check a reset token and name its account',
        params: ResetTokenParamsSchema,
        response: { 200: dataEnvelope(ResetTokenUserSchema), ...errors },
      },
    },
    async (req) => ({ data: { user: await auth.validateResetToken(deps, req.params.resetToken) } }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ResetPasswordInputSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await auth.resetPassword(deps, req.body, meta(req));
      return { data: { ok: true as const } };
    },
  );
};
