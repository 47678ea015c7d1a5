import type { Generated } from 'kysely';

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
  /** When a free member's credits are next topped up to 50. */
  next_topup_at: string | null;
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

export interface ImagesTable {
  id: string;
  /** Last 8 characters of the id: what an image slug ends with. Set by the repository. */
  id_tail?: string | null;
  /** Null for library pages. */
  user_id: string | null;
  category_id: string | null;
  type: string;
  ratio: string;
  difficulty: string;
  width: number;
  height: number;
  /** JSON {en, zh, ja}. */
  title: string;
  description: string;
  prompt: string;
  additional_info: string | null;
  /** JSON attribution of third-party art used on the page, or null. */
  attribution: string | null;
  is_public: number;
  is_online: number;
  /**
   * Why a page is kept out of view until a moderator decides (`npm run content -- reports`):
   * 'filter' (the content filter), 'reports' (reports from established accounts), or null.
   */
  held?: string | null;
  hotness: number;
  /** Photo pages: JSON list of the faces the page drew, `DrawnFace`s (decision 066); null elsewhere. */
  faces?: string | null;
  /** The page as drawn, for its public file URLs (image-files.ts `pageVersion`); null before migration 020. */
  files_version?: string | null;
  /** JSON map of file role → storage key (see modules/images/image-files.ts). */
  files: string;
  created_at: string;
}

/** One document of search terms per image (db/text-search.ts). */
export interface ImageSearchTable {
  image_id: string;
  /** Terms of the title, category and tags (weighed more). */
  names: string;
  /** Terms of the description and prompt. */
  words: string;
}

/** A file to move to another key, queued by a migration and carried out by the app at start. */
export interface StorageMovesTable {
  from_key: string;
  to_key: string;
}

/** A stored file to remove, listed in the transaction that deleted what owned it (migration 016). */
export interface StorageDeletionsTable {
  key: string;
  created_at: string;
}

/** The generator's "Try an example" pages, chosen by hand (`npm run content -- examples`). */
export interface CuratedExamplesTable {
  image_id: string;
  /** The generator tab it is offered on: text2image or image2image. */
  tab: string;
  position: number;
  added_at: string;
}

export interface GenerationTasksTable {
  id: string;
  user_id: string;
  type: string;
  /** JSON of the validated request. */
  params: string;
  status: string;
  progress: number;
  attempts: number;
  provider_ref: string | null;
  upload_key: string | null;
  error_code: number | null;
  error_message: string | null;
  image_id: string | null;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
  /** The client's key for one press of Generate (decision 060); unique per user. */
  idempotency_key: string | null;
}

export interface ReportsTable {
  id: string;
  image_id: string;
  user_id: string;
  content: string;
  created_at: string;
  resolved_at: string | null;
  resolution: string | null;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  plan_code: string;
  charge_type: string;
  method: string;
  provider: string;
  provider_order_id: string | null;
  provider_capture_id: string | null;
  /** Decimal string in `currency`, computed on the server from the plan table. */
  amount: string;
  currency: string;
  credits: number;
  /** created | approved | paid | failed | cancelled | refunded */
  status: string;
  failure_reason: string | null;
  /** Declined capture attempts; part of the next attempt's idempotency key. */
  declines: number;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** purchase | renewal | cancellation | refund (migration 012). */
  kind: Generated<string>;
  subscription_id: string | null;
  /** The subscription period a renewal pays for (the purchase pays period 0). */
  period: number | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  order_id: string;
  plan_code: string;
  level: string;
  monthly_credits: number;
  started_at: string;
  period_end: string;
  /** Monthly grants already booked (the purchase itself is the first). */
  grants_made: number;
  next_grant_at: string | null;
  cancelled_at: string | null;
  /** active | cancelled | past_due | ended | lapsed (migration 012, decision 029). */
  status: Generated<string>;
  charge_type: Generated<string>;
  amount: Generated<string>;
  provider: Generated<string>;
  provider_subscription_id: string | null;
  /** What the test provider charges renewals to (a real provider keeps its own). */
  payment_token: string | null;
  /** When the next period is charged; null when the subscription will not renew. */
  renew_at: string | null;
  periods_paid: Generated<number>;
  failed_attempts: Generated<number>;
  retry_at: string | null;
  grace_until: string | null;
  ended_at: string | null;
}

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export interface CategoriesTable {
  id: string;
  slug: string;
  name: string;
  /** JSON {en, zh, ja} for this and the other localized columns; description is HTML with h2 sections. */
  display_name: string;
  description: string;
  seo_title: string;
  seo_desc: string;
  hotness: number;
  cover_image_id: string | null;
  created_at: string;
}

export interface TagsTable {
  id: string;
  slug: string;
  display_name: string;
}

export interface ImageTagsTable {
  image_id: string;
  tag_id: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  status: string;
  author: string;
  published_date: string;
  featured_image: string | null;
  /** JSON {en, zh, ja}; content is sanitised HTML. */
  title: string;
  content: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  /** Hash of the Markdown sources, so an unchanged post is not rewritten at start. */
  source_hash: string;
  updated_at: string;
}

/** A member's coloured picture of a page (migration 015, decision 030): one per member and page. */
export interface ColouredPagesTable {
  id: string;
  user_id: string;
  /** Not a foreign key: a library import replaces a page's row under the same id. */
  image_id: string;
  file_key: string;
  thumb_key: string;
  bytes: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  credit_ledger: CreditLedgerTable;
  images: ImagesTable;
  image_search: ImageSearchTable;
  generation_tasks: GenerationTasksTable;
  reports: ReportsTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  webhook_events: WebhookEventsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  image_tags: ImageTagsTable;
  settings: SettingsTable;
  blog_posts: BlogPostsTable;
  storage_moves: StorageMovesTable;
  storage_deletions: StorageDeletionsTable;
  curated_examples: CuratedExamplesTable;
  coloured_pages: ColouredPagesTable;
}
