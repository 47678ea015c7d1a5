import type { User } from '@studio/contracts/auth';
import type { MembershipLevel } from '@studio/contracts/constants';
import type { UserRow } from './users.repository';

/** The user as the API shows it (contracts `userSchema`); the avatar URL is absolute. */
export function toUserDto(row: UserRow, publicUrl: string): User {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar_key ? `${publicUrl}/files/${row.avatar_key}` : null,
    credits: Number(row.credits),
    membershipLevel: row.membership_level as MembershipLevel,
    membershipPeriodEnd: row.membership_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    provider: row.google_sub && !row.password_hash ? 'google' : 'password',
    createdAt: row.created_at,
  };
}
