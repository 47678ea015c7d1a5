import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PasswordResetsTable, RefreshTokensTable } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { lockUser } from '../../db/user-lock';

type Executor = Kysely<Database> | Transaction<Database>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Sessions (refresh-token families), their rotating refresh tokens, and password resets. */
export function createAuthRepository(db: Kysely<Database>) {
  return {
    async createSession(executor: Executor, session: { id: string; userId: string; remember: boolean }): Promise<void> {
      await executor
        .insertInto('sessions')
        .values({ id: session.id, user_id: session.userId, remember: session.remember ? 1 : 0, created_at: nowIso(), revoked_at: null, revoked_reason: null })
        .execute();
    },
    findSession(id: string) {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The session and its user in one query: what every authenticated request checks. */
    findLiveSessionUser(sessionId: string, userId: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as sessionId', 'users.id as userId', 'users.disabled as disabled'])
        .where('sessions.id', '=', sessionId)
        .where('sessions.user_id', '=', userId)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst();
    },
    async revokeSession(executor: Executor, sessionId: string, reason: string): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllSessions(executor: Executor, userId: string, reason: string): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeOtherSessions(executor: Executor, userId: string, keepSessionId: string, reason: string): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: nowIso(), revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async insertRefreshToken(
      executor: Executor,
      token: { id: string; sessionId: string; userId: string; tokenHash: string; expiresAt: string },
    ): Promise<void> {
      await executor
        .insertInto('refresh_tokens')
        .values({
          id: token.id,
          session_id: token.sessionId,
          user_id: token.userId,
          token_hash: token.tokenHash,
          expires_at: token.expiresAt,
          created_at: nowIso(),
          used_at: null,
        })
        .execute();
    },
    findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Marks a refresh token used; false when someone used it first (the caller treats that as reuse). */
    async claimRefreshToken(executor: Executor, id: string): Promise<boolean> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ used_at: nowIso() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async insertPasswordReset(executor: Executor, reset: { id: string; userId: string; tokenHash: string; expiresAt: string }): Promise<void> {
      await executor
        .insertInto('password_resets')
        .values({ id: reset.id, user_id: reset.userId, token_hash: reset.tokenHash, expires_at: reset.expiresAt, created_at: nowIso(), used_at: null })
        .execute();
    },
    findPasswordReset(tokenHash: string): Promise<PasswordResetRow | undefined> {
      return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    async claimPasswordReset(executor: Executor, id: string): Promise<boolean> {
      const result = await executor
        .updateTable('password_resets')
        .set({ used_at: nowIso() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The user's lock (db/user-lock.ts): concurrent void-and-insert of reset links queue on it (decision 052). */
    lockUser,
    /** Marks every unused reset link of the user used: after a new password, no older link may set another. */
    async voidPasswordResets(executor: Executor, userId: string): Promise<void> {
      await executor.updateTable('password_resets').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
