import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  REFRESH_TOKEN_TTL_REMEMBER_SECONDS,
  REFRESH_TOKEN_TTL_SESSION_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  SIGNUP_CREDITS,
} from '@studio/contracts/constants';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { GoogleVerifier } from '../../adapters/google/google-verifier';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Database } from '../../db/schema';
import type { AccessTokens } from '../../lib/access-tokens';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { AuthContext } from '../../http/authenticate';
import { bookCredits } from '../credits/credits.repository';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import { resetMail } from './reset-mail';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  isUniqueViolation(error: unknown): boolean;
  users: UsersRepository;
  auth: AuthRepository;
  tokens: AccessTokens;
  mailer: Mailer;
  google: GoogleVerifier | null;
  publicUrl: string;
  logger: Logger;
}

export interface IssuedSession {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const refreshTtl = (remember: boolean) => (remember ? REFRESH_TOKEN_TTL_REMEMBER_SECONDS : REFRESH_TOKEN_TTL_SESSION_SECONDS);

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, auth, tokens, logger } = deps;

  /** A new user with the sign-up credits booked in the ledger, all in one transaction. */
  async function createUser(input: { username: string; email: string; passwordHash: string | null; googleSub: string | null; lang: string }) {
    const id = newId();
    try {
      await db.transaction().execute(async (trx) => {
        await users.insert(trx, {
          id,
          username: input.username,
          email: input.email,
          passwordHash: input.passwordHash,
          googleSub: input.googleSub,
          preferredLang: input.lang,
        });
        await bookCredits(trx, { userId: id, delta: SIGNUP_CREDITS, reason: 'signup', ref: `signup:${id}` });
      });
    } catch (error) {
      // Two sign-ups racing for the same name or address: the loser gets the same answer as a late one.
      if (deps.isUniqueViolation(error)) {
        if (await users.emailTaken(input.email)) throw new AppError(ErrorCode.emailAlreadyRegistered);
        throw new AppError(ErrorCode.usernameAlreadyUsed);
      }
      throw error;
    }
    return (await users.findById(id))!;
  }

  async function issueSession(user: UserRow, remember: boolean): Promise<IssuedSession> {
    const sessionId = newId();
    const refreshToken = newSecretToken();
    await db.transaction().execute(async (trx) => {
      await auth.createSession(trx, { id: sessionId, userId: user.id, remember });
      await auth.insertRefreshToken(trx, {
        id: newId(),
        sessionId,
        userId: user.id,
        tokenHash: hashToken(refreshToken),
        expiresAt: nowIso(refreshTtl(remember)),
      });
    });
    const access = await tokens.issue({ userId: user.id, sessionId });
    return { user, accessToken: access.token, refreshToken, expiresIn: access.expiresIn };
  }

  return {
    async register(input: { username: string; email: string; password: string; lang?: string }): Promise<UserRow> {
      if (await users.emailTaken(input.email)) throw new AppError(ErrorCode.emailAlreadyRegistered);
      if (await users.usernameTaken(input.username)) throw new AppError(ErrorCode.usernameAlreadyUsed);
      const passwordHash = await hashPassword(input.password);
      return createUser({ username: input.username, email: input.email, passwordHash, googleSub: null, lang: input.lang ?? 'en' });
    },

    async login(input: { email: string; password: string; rememberMe: boolean }): Promise<IssuedSession> {
      const user = await users.findByEmail(input.email);
      // Unknown email, Google-only account and wrong password all take the same time and answer.
      const valid = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) throw new AppError(ErrorCode.invalidCredentials);
      if (user.disabled) throw new AppError(ErrorCode.accountDisabled);
      return issueSession(user, input.rememberMe);
    },

    async googleLogin(input: { token: string; rememberMe: boolean; lang?: string }): Promise<IssuedSession> {
      if (!deps.google) throw new AppError(ErrorCode.googleLoginFailed, 'Google sign-in is not available');
      let identity;
      try {
        identity = await deps.google.verify(input.token);
      } catch (error) {
        logger.info({ err: error }, 'Google ID token rejected');
        throw new AppError(ErrorCode.googleLoginFailed, 'Google token invalid');
      }
      if (!identity.emailVerified) throw new AppError(ErrorCode.googleLoginFailed, 'Google email is not verified');
      let user = await users.findByGoogleSub(identity.sub);
      if (!user) {
        // Never merged silently into a password account: that would let whoever controls the
        // Google identity take over an account they never proved they own.
        if (await users.emailTaken(identity.email)) {
          throw new AppError(ErrorCode.emailAlreadyRegistered, 'This email is registered with a password; log in with it');
        }
        user = await createUser({
          username: await availableUsername(identity.name ?? identity.email.split('@')[0]),
          email: identity.email,
          passwordHash: null,
          googleSub: identity.sub,
          lang: input.lang ?? 'en',
        });
      }
      if (user.disabled) throw new AppError(ErrorCode.accountDisabled);
      return issueSession(user, input.rememberMe);
    },

    /** Rotation: each refresh token works once. Presenting a used one revokes the whole family. */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const row = await auth.findRefreshToken(hashToken(refreshToken));
      if (!row) throw new AppError(ErrorCode.sessionExpired);
      const session = await auth.findSession(row.session_id);
      if (!session || session.revoked_at) throw new AppError(ErrorCode.sessionExpired);
      if (row.used_at) {
        await auth.revokeSession(db, row.session_id, 'refresh token reused');
        logger.warn({ sessionId: row.session_id, userId: row.user_id }, 'refresh token reuse: session revoked');
        throw new AppError(ErrorCode.sessionExpired);
      }
      if (row.expires_at <= nowIso()) throw new AppError(ErrorCode.sessionExpired);
      const user = await users.findById(row.user_id);
      if (!user || user.disabled) throw new AppError(ErrorCode.sessionExpired);

      const next = newSecretToken();
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await auth.claimRefreshToken(trx, row.id))) return false;
        await auth.insertRefreshToken(trx, {
          id: newId(),
          sessionId: row.session_id,
          userId: row.user_id,
          tokenHash: hashToken(next),
          expiresAt: nowIso(refreshTtl(session.remember === 1)),
        });
        return true;
      });
      if (!claimed) {
        // Another request used this token a moment ago: the same rule as any reuse.
        await auth.revokeSession(db, row.session_id, 'refresh token reused');
        throw new AppError(ErrorCode.sessionExpired);
      }
      const access = await tokens.issue({ userId: user.id, sessionId: row.session_id });
      return { user, accessToken: access.token, refreshToken: next, expiresIn: access.expiresIn };
    },

    async logout(context: AuthContext): Promise<void> {
      await auth.revokeSession(db, context.sessionId, 'logout');
    },

    /** Verifies an access token and that its session is live and its user enabled. */
    async checkAccessToken(token: string): Promise<AuthContext> {
      let claims;
      try {
        claims = await tokens.verify(token);
      } catch {
        throw new AppError(ErrorCode.unauthorized);
      }
      const live = await auth.findLiveSessionUser(claims.sessionId, claims.userId);
      if (!live) throw new AppError(ErrorCode.unauthorized);
      if (live.disabled) throw new AppError(ErrorCode.accountDisabled);
      return { userId: claims.userId, sessionId: claims.sessionId };
    },

    /**
     * Runs after the answer has gone out (auth.routes.ts), so the answer is the same, and as fast,
     * whether or not the address has an account. A new link voids the older ones: one live link
     * per account, also when requests race (the user's row lock serialises them).
     */
    async forgotPassword(input: { email: string; lang?: string }): Promise<void> {
      const user = await users.findByEmail(input.email);
      if (!user || user.disabled) return;
      const token = newSecretToken();
      await db.transaction().execute(async (trx) => {
        await auth.lockUser(trx, user.id);
        await auth.voidPasswordResets(trx, user.id);
        await auth.insertPasswordReset(trx, { id: newId(), userId: user.id, tokenHash: hashToken(token), expiresAt: nowIso(RESET_TOKEN_TTL_SECONDS) });
      });
      const message = resetMail({
        to: user.email,
        username: user.username,
        lang: input.lang ?? user.preferred_lang,
        publicUrl: deps.publicUrl,
        token,
      });
      await deps.mailer.send(message).catch((error) => logger.error({ err: error, userId: user.id }, 'reset mail failed'));
    },

    async validateResetToken(token: string): Promise<{ valid: boolean; reason?: 'invalid' | 'expired'; email?: string }> {
      const row = await auth.findPasswordReset(hashToken(token));
      if (!row || row.used_at) return { valid: false, reason: 'invalid' };
      if (row.expires_at <= nowIso()) return { valid: false, reason: 'expired' };
      const user = await users.findById(row.user_id);
      return user ? { valid: true, email: user.email } : { valid: false, reason: 'invalid' };
    },

    async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
      const row = await auth.findPasswordReset(hashToken(input.token));
      if (!row || row.used_at) throw new AppError(ErrorCode.resetLinkInvalid);
      if (row.expires_at <= nowIso()) throw new AppError(ErrorCode.resetLinkExpired);
      const passwordHash = await hashPassword(input.newPassword);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await auth.claimPasswordReset(trx, row.id))) return false;
        await users.update(row.user_id, { passwordHash }, trx);
        await auth.voidPasswordResets(trx, row.user_id);
        await auth.revokeAllSessions(trx, row.user_id, 'password reset');
        return true;
      });
      if (!done) throw new AppError(ErrorCode.resetLinkInvalid);
    },

    /** A password changed in the profile: every other device signs out and no reset link sent before still works. */
    async passwordChanged(userId: string, keepSessionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await auth.revokeOtherSessions(trx, userId, keepSessionId, 'password changed');
        await auth.voidPasswordResets(trx, userId);
      });
    },
  };

  async function availableUsername(wanted: string): Promise<string> {
    const base = (wanted.normalize('NFKD').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'colorist').slice(0, 14).padEnd(2, '_');
    if (!(await users.usernameTaken(base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}_${Math.floor(Math.random() * 100_000)}`.slice(0, 20);
      if (!(await users.usernameTaken(candidate))) return candidate;
    }
    return `user_${newId().slice(-12)}`;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
