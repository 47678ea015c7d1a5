import { AppError, ErrorCode } from '@studio/contracts/errors';
import type { User } from '@studio/contracts/auth';
import type { Storage } from '../../adapters/storage/storage';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { processAvatar } from './avatar-image';
import { toUserDto } from './user-dto';
import type { UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  users: UsersRepository;
  storage: Storage;
  publicUrl: string;
  isUniqueViolation(error: unknown): boolean;
  /** Signs out the user's other devices and voids their unused reset links. */
  passwordChanged(userId: string, keepSessionId: string): Promise<void>;
}

const usernameTaken = () => new AppError(ErrorCode.usernameExists, undefined, { username: 'validation.usernameTaken' });

export function createUsersService(deps: UsersServiceDeps) {
  const { users, storage, publicUrl } = deps;

  async function profile(userId: string): Promise<User> {
    const row = await users.findById(userId);
    if (!row) throw new AppError(ErrorCode.unauthorized);
    return toUserDto(row, publicUrl);
  }

  return {
    profile,

    async update(
      context: { userId: string; sessionId: string },
      input: { username?: string; currentPassword?: string; newPassword?: string },
    ): Promise<User> {
      const row = await users.findById(context.userId);
      if (!row) throw new AppError(ErrorCode.unauthorized);
      const changes: { username?: string; passwordHash?: string } = {};
      if (input.username !== undefined && input.username !== row.username) {
        if (await users.usernameTaken(input.username, row.id)) throw usernameTaken();
        changes.username = input.username;
      }
      if (input.newPassword !== undefined) {
        const current = input.currentPassword ?? '';
        if (!row.password_hash || !(await verifyPassword(row.password_hash, current))) {
          throw new AppError(ErrorCode.currentPasswordIncorrect, undefined, { currentPassword: 'validation.currentPasswordWrong' });
        }
        changes.passwordHash = await hashPassword(input.newPassword);
      }
      try {
        if (Object.keys(changes).length > 0) await users.update(row.id, changes);
      } catch (error) {
        // Two users taking the same free name at once: the check above passed for both, the index stops one.
        if (changes.username && deps.isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
      // A new password signs out every other device; this one stays signed in.
      if (changes.passwordHash) await deps.passwordChanged(row.id, context.sessionId);
      return profile(row.id);
    },

    async setAvatar(userId: string, file: Buffer): Promise<User> {
      const row = await users.findById(userId);
      if (!row) throw new AppError(ErrorCode.unauthorized);
      const image = await processAvatar(file);
      const key = `avatars/${userId}-${newId()}.webp`;
      await storage.put(key, image, { contentType: 'image/webp' });
      await users.update(userId, { avatarKey: key });
      if (row.avatar_key) await storage.delete(row.avatar_key).catch(() => undefined);
      // The account was deleted while the picture was being stored: no row will ever name it.
      if (!(await users.findById(userId))) {
        await storage.delete(key).catch(() => undefined);
        throw new AppError(ErrorCode.unauthorized);
      }
      return profile(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
