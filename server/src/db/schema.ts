/**
 * Table types. Times are ISO-8601 UTC strings (they sort as text on both dialects); flags are
 * 0/1 integers because SQLite has no boolean type.
 */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive on both dialects. */
  username_key: string;
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  avatar_key: string | null;
  credits: number;
  membership_level: string;
  membership_period_end: string | null;
  cancel_at_period_end: number;
  disabled: number;
  preferred_lang: string;
  created_at: string;
  updated_at: string;
}

/** One login: the family of refresh tokens that rotate from it. Revoking it ends the session. */
export interface SessionsTable {
  id: string;
  user_id: string;
  remember: number;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

/** Append-only; `ref` is unique so an operation can never be booked twice. */
export interface CreditLedgerTable {
  id: string;
  user_id: string;
  delta: number;
  reason: string;
  ref: string;
  balance_after: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  credit_ledger: CreditLedgerTable;
}
