import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@studio/contracts/auth';
import { ok } from '@studio/contracts/envelope';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, requireAuth } from '../../http/authenticate';
import { parse } from '../../http/validation';
import { toUserDto } from '../users/user-dto';
import type { AuthService, IssuedSession } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  publicUrl: string;
  rateLimit: { login: number; register: number; forgot: number; refresh: number };
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { auth, publicUrl, rateLimit } = options;
  const sessionBody = (session: IssuedSession) => ({
    user: toUserDto(session.user, publicUrl),
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresIn: session.expiresIn,
  });
  const signedIn = requireAuth(auth.checkAccessToken);

  app.post(apiPaths.register, { config: perMinute(rateLimit.register) }, async (request, reply) => {
    const input = parse(registerRequestSchema, request.body);
    const user = await auth.register(input);
    return reply.status(201).send(ok({ user: toUserDto(user, publicUrl) }, 'Registered'));
  });

  app.post(apiPaths.login, { config: perMinute(rateLimit.login) }, async (request) => {
    const input = parse(loginRequestSchema, request.body);
    return ok(sessionBody(await auth.login(input)), 'Logged in');
  });

  app.post(apiPaths.google, { config: perMinute(rateLimit.login) }, async (request) => {
    const input = parse(googleLoginRequestSchema, request.body);
    return ok(sessionBody(await auth.googleLogin(input)), 'Logged in');
  });

  app.post(apiPaths.refreshToken, { config: perMinute(rateLimit.refresh) }, async (request) => {
    const input = parse(refreshRequestSchema, request.body);
    const session = await auth.refresh(input.refreshToken);
    return ok({ accessToken: session.accessToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn }, 'Refreshed');
  });

  for (const path of [apiPaths.logout, apiPaths.googleLogout]) {
    app.post(path, { preHandler: signedIn }, async (request) => {
      await auth.logout(authOf(request));
      return ok(null, 'Logged out');
    });
  }

  // Answered before any lookup, the link and the mail made once the answer is out: the answer and
  // its timing are the same whether or not the address has an account.
  app.post(
    apiPaths.forgotPassword,
    {
      config: perMinute(rateLimit.forgot),
      onResponse: (request, reply, done) => {
        done();
        if (reply.statusCode !== 200) return;
        const input = parse(forgotPasswordRequestSchema, request.body);
        setImmediate(() => void auth.forgotPassword(input).catch((error) => request.log.error({ err: error }, 'password reset request failed')));
      },
    },
    async (request) => {
      parse(forgotPasswordRequestSchema, request.body);
      return ok(null, 'If an account exists for this email, a reset link is on its way');
    },
  );

  app.post<{ Params: { token: string } }>('/api/users/validate-reset-token/:token', { config: perMinute(rateLimit.forgot * 6) }, async (request) => {
    return ok(await auth.validateResetToken(request.params.token));
  });

  app.post(apiPaths.resetPassword, { config: perMinute(rateLimit.forgot * 2) }, async (request) => {
    const input = parse(resetPasswordRequestSchema, request.body);
    await auth.resetPassword(input);
    return ok(null, 'Password changed');
  });
}
