/** Business constants of api-spec §9 that both sides use. */
export const GENERATION_COST = 20;
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 60;
export const PROMPT_MAX = 1000;
export const REPORT_MAX = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const MAX_RUNNING_TASKS = 3;
export const FREE_MONTHLY_CREDITS = 50;
export const SIGNUP_CREDITS = 50;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** Refresh tokens: 30 days with remember-me, else 1 day (the browser session holds it). */
export const REFRESH_TOKEN_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_TOKEN_TTL_SESSION_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const TOKEN_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const REFRESH_THRESHOLD_MS = 10 * 60 * 1000;

export const RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '16:21'] as const;
export type Ratio = (typeof RATIOS)[number];
export const DEFAULT_RATIO: Ratio = '1:1';
export function normalizeRatio(value: unknown): Ratio {
  return (RATIOS as readonly string[]).includes(String(value)) ? (value as Ratio) : DEFAULT_RATIO;
}
export function isRatio(value: unknown): value is Ratio {
  return (RATIOS as readonly unknown[]).includes(value);
}
/** The page ratio closest in shape to a picture (compared on a log scale, so 2:1 and 1:2 are as far from 1:1). */
export function nearestRatio(width: number, height: number): Ratio {
  const shape = Math.log(width / height);
  const distance = (ratio: Ratio) => {
    const [w, h] = ratio.split(':').map(Number);
    return Math.abs(Math.log(w / h) - shape);
  };
  return RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

/**
 * How a photo meets a page of another shape: `fit` keeps the whole photo (white paper around it),
 * `crop` fills the page with the window that keeps the subject, or fits the photo whole when every
 * window would cut it (decision 059; the generator shows that frame before paying).
 */
export const PHOTO_FITS = ['fit', 'crop'] as const;
/**
 * A photo whose shape is this close to its page's (log of the ratios) needs neither bands nor a
 * cut worth showing: the generator offers no choice, and a crop stays centred (decision 059).
 */
export const PHOTO_SAME_SHAPE = 0.02;
export type PhotoFit = (typeof PHOTO_FITS)[number];

export const DIFFICULTIES = ['toddler', 'children', 'teen', 'adult'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DEFAULT_DIFFICULTY: Difficulty = 'children';

export const LANGUAGES = ['en', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Localized = Record<Language, string>;

export const MEMBERSHIP_LEVELS = ['free', 'lite', 'pro', 'max'] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];
export function isPaidLevel(level: MembershipLevel): boolean {
  return level !== 'free';
}
