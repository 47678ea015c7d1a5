import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { addMonths } from '../../lib/dates';

export type UserRow = Selectable<UsersTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  preferredLang: string;
}

export function createUsersRepository(db: Kysely<Database>) {
  return {
    async insert(executor: Executor, user: NewUser): Promise<void> {
      const now = nowIso();
      await executor
        .insertInto('users')
        .values({
          id: user.id,
          username: user.username,
          username_key: user.username.toLowerCase(),
          email: user.email,
          password_hash: user.passwordHash,
          google_sub: user.googleSub,
          avatar_key: null,
          credits: 0,
          membership_level: 'free',
          membership_period_end: null,
          cancel_at_period_end: 0,
          disabled: 0,
          preferred_lang: user.preferredLang,
          next_topup_at: addMonths(now, 1),
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
    findById(id: string, executor: Executor = db): Promise<UserRow | undefined> {
      return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },
    async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('username_key', '=', username.toLowerCase());
      if (exceptUserId) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async emailTaken(email: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst()) !== undefined;
    },
    async update(
      id: string,
      changes: Partial<{ username: string; passwordHash: string; avatarKey: string; preferredLang: string }>,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .updateTable('users')
        .set({
          ...(changes.username !== undefined && { username: changes.username, username_key: changes.username.toLowerCase() }),
          ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
          ...(changes.avatarKey !== undefined && { avatar_key: changes.avatarKey }),
          ...(changes.preferredLang !== undefined && { preferred_lang: changes.preferredLang }),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
