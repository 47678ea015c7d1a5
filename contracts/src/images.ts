import { z } from 'zod';
import { nameLineField } from './packs';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, isRatio, normalizeRatio, PHOTO_FITS, RATIOS, REPORT_MAX, type Difficulty, type Localized, type PhotoFit, type Ratio } from './constants';

export const IMAGE_TYPES = ['text2image', 'image2image'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** The older spelling (text-to-image) is accepted wherever a type is read. */
export const imageTypeSchema = z.preprocess(
  (value) => (value === 'text-to-image' ? 'text2image' : value === 'image-to-image' ? 'image2image' : value),
  z.enum(IMAGE_TYPES),
);

const toBoolean = (value: unknown) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
};
const booleanish = z.preprocess(toBoolean, z.boolean());

const ratioField = z.unknown().optional().transform((value): Ratio => normalizeRatio(value));
const difficultyField = z
  .unknown()
  .optional()
  .transform((value): Difficulty => ((DIFFICULTIES as readonly unknown[]).includes(value) ? (value as Difficulty) : DEFAULT_DIFFICULTY));

/** The HTTP header that carries one press of Generate's key (decision 060). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The key itself: the client makes a random one per press and sends it again on every retry of that
 * press, so the server answers the same task and charges once.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(8, 'validation.invalid')
    .max(100, 'validation.invalid')
    .regex(/^[A-Za-z0-9_.:-]+$/, 'validation.invalid')
    .optional(),
});

/** The prompt's length and content are checked by the service (code points, filter), not here. */
export const textGenerateRequestSchema = z.object({
  prompt: z.string({ error: 'validation.promptRequired' }).max(20_000, 'validation.promptTooLong'),
  ratio: ratioField,
  isPublic: booleanish.optional().default(true),
  style: z.string().max(200).optional(),
  difficulty: difficultyField,
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  lang: z.enum(['en', 'zh', 'ja']).optional().catch(undefined),
});
export type TextGenerateRequest = z.input<typeof textGenerateRequestSchema>;

/**
 * Multipart fields beside the file of an image generation. The ratio is optional (api-spec): without
 * one (or with an unknown one) the page takes the ratio nearest the photo's own shape, so nothing is
 * cut; `fit` says what happens when a chosen ratio differs from the photo's.
 */
export const imageGenerateFieldsSchema = z.object({
  ratio: z
    .unknown()
    .optional()
    .transform((value): Ratio | null => (isRatio(value) ? value : null)),
  fit: z
    .unknown()
    .optional()
    .transform((value): PhotoFit => ((PHOTO_FITS as readonly unknown[]).includes(value) ? (value as PhotoFit) : 'fit')),
  /** Draw the photo's main subject only, on plain paper with a ground line (the background left out). */
  subjectOnly: booleanish.optional().default(false),
  /**
   * A page traced from a photo is private unless its owner shares it, on every plan (decision 050):
   * the line art of a face identifies a child as well as the photo does.
   */
  isPublic: booleanish.optional().default(false),
  difficulty: difficultyField,
  lang: z.enum(['en', 'zh', 'ja']).optional().catch(undefined),
});

/**
 * POST /api/images/photo-frame, multipart (the photo and these fields): where a page of `ratio` (or
 * of the ratio nearest the photo) with `fit: crop` sits on the photo, so the generator shows that
 * very frame before paying (decision 059). Free; the photo is not kept.
 */
export const photoFrameFieldsSchema = z.object({
  ratio: z
    .unknown()
    .optional()
    .transform((value): Ratio | null => (isRatio(value) ? value : null)),
});

/**
 * The frame of a `crop` page: `cropped`, the page shows `box` of the photo (shares of the photo as
 * seen, EXIF orientation applied); `fitted`, every window of the page's shape would cut the
 * subject, so the page shows the whole photo on white paper (`box` is all of it).
 */
export const photoFrameResponseSchema = z.object({
  ratio: z.enum(RATIOS),
  frame: z.enum(['cropped', 'fitted']),
  box: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
});
export type PhotoFrameDto = z.infer<typeof photoFrameResponseSchema>;

/**
 * PATCH /api/images/:id, owner only: share a page in the public gallery or take it back (decision
 * 050). A photo page may be either on every plan; a text page is private on a paid plan only.
 */
export const imageVisibilityRequestSchema = z.object({
  isPublic: z.preprocess(toBoolean, z.boolean({ error: 'validation.required' })),
});

/** "Improve with AI" (product spec §2): the prompt's length and content are checked by the service. */
export const improvePromptRequestSchema = z.object({
  prompt: z.string({ error: 'validation.promptRequired' }).max(20_000, 'validation.promptTooLong'),
  difficulty: difficultyField,
  lang: z.enum(['en', 'zh', 'ja']).optional().catch(undefined),
});
export const improvePromptResponseSchema = z.object({ prompt: z.string() });

export const styleSuggestionSchema = z.object({ id: z.string(), category: z.string(), name: z.string(), content: z.string() });
export const styleSuggestionsResponseSchema = z.object({ suggestions: z.array(styleSuggestionSchema) });
export type StyleSuggestionDto = z.infer<typeof styleSuggestionSchema>;

export const generateResponseSchema = z.object({ taskId: z.string() });

export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface ImageTag {
  tagId: string;
  displayName: Localized;
}

export interface Attribution {
  text: string;
  url: string;
  license: string;
  licenseUrl: string;
  modified: boolean;
}

/** A face a photo page drew (the engine's report, decision 066): how many of its eyes are on the page. */
export interface DrawnFace {
  eyes: number;
}

/** An image (coloring page) as the API shows it. */
export interface ImageDto {
  id: string;
  slug: string;
  title: Localized;
  description: Localized;
  prompt: Localized;
  /** The page (kept for older clients). Never the uploaded photo: its owner asks for it (apiPaths.original). */
  defaultUrl: string;
  /** The coloured preview, when there is one. */
  colorUrl: string | null;
  /** The black-and-white page itself. */
  coloringUrl: string;
  thumbnailUrl: string;
  smallThumbnailUrl: string;
  colorThumbnailUrl: string | null;
  tags: ImageTag[];
  additionalInfo: Localized | null;
  attribution: Attribution | null;
  categoryId: string | null;
  type: ImageType | 'library';
  ratio: Ratio;
  difficulty: Difficulty;
  dimensions: { width: number; height: number };
  userId: string | null;
  isPublic: boolean;
  isOnline: boolean;
  createdAt: string;
  hotness: number;
  /**
   * Photo pages: the faces the face model found and the page drew (decision 055), each with the
   * eyes drawn. Absent on other pages and on photo pages made without the model.
   */
  faces?: DrawnFace[];
}

/** GET /api/images/:id/original, owner only: a link to the uploaded photo that expires soon. */
export interface OriginalLinkDto {
  url: string;
  expiresAt: string;
}

export interface TaskStatusDto {
  taskId: string;
  type: ImageType;
  status: TaskStatus;
  progress: number;
  image: ImageDto | null;
  errorCode: number | null;
  message: string;
}

export const taskStatusQuerySchema = z.object({ type: imageTypeSchema.optional() });

export const SORTABLE = ['createdAt', 'hotness'] as const;

export const userImagesQuerySchema = z.object({
  query: z.string().max(200).optional(),
  categoryId: z.string().max(100).optional(),
  tags: z.string().max(500).optional(),
  ratio: z.string().max(10).optional(),
  type: imageTypeSchema.optional(),
  isPublic: booleanish.optional(),
  sortBy: z.enum(SORTABLE).catch('createdAt').default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type UserImagesQuery = z.infer<typeof userImagesQuerySchema>;

export interface ImageListDto {
  images: ImageDto[];
  total: number;
  currentPage: number;
  pageSize: number;
  /** Counts per type over the same filter, for the filter tabs of My creations. */
  counts?: { all: number; text2image: number; image2image: number };
}

export const reportRequestSchema = z.object({
  imageId: z.string().min(1, 'validation.required').max(100),
  content: z
    .string({ error: 'validation.reportRequired' })
    .trim()
    .min(1, 'validation.reportRequired')
    .refine((value) => [...value].length <= REPORT_MAX, 'validation.reportTooLong'),
});

/** What a download holds: the page itself, or its colour-by-number sheet or that sheet's solution (issue 17). */
export const DOWNLOAD_VARIANTS = ['page', 'numbers', 'solution'] as const;
export type DownloadVariant = (typeof DOWNLOAD_VARIANTS)[number];

export const downloadQuerySchema = z.object({
  format: z.enum(['png', 'pdf', 'svg']).catch('png').default('png'),
  variant: z.enum(DOWNLOAD_VARIANTS).catch('page').default('page'),
  paper: z.enum(['letter', 'a4']).optional().catch(undefined),
  /** "Name on the page" (print packs, decision 032): drawn above the picture in hollow letters. */
  name: nameLineField.optional(),
});

/**
 * The spec's file-name rule: coloring-page-<title, non-alphanumerics → '-', 20 characters>-<last 8 of id>.<ext>;
 * a variant adds its name before the extension (…-numbers.pdf, …-solution.png). Letters and digits of
 * every script count (issue 37: "黒猫とかぼちゃ" keeps its name instead of a row of dashes); the
 * header sends it as RFC 6266 `filename*` beside an ASCII fallback (server/src/http/content-disposition.ts).
 */
export function downloadFileName(title: string, id: string, extension: string, variant: DownloadVariant = 'page'): string {
  const cleaned = [...title.normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '-')].slice(0, 20).join('');
  return `coloring-page-${cleaned}-${id.slice(-8)}${variant === 'page' ? '' : `-${variant}`}.${extension}`;
}

/** Image slug (DESIGN §4): kebab(title.en)-<last 8 chars of id>; the id part resolves it without a table. */
export function imageSlug(titleEn: string, id: string): string {
  const kebab = titleEn
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return kebab ? `${kebab}-${id.slice(-8)}` : id.slice(-8);
}

/** GET /api/images (api-spec): public search. Strangers only ever see public, online pages. */
export const imagesQuerySchema = z.object({
  imageId: z.string().max(100).optional(),
  query: z.string().max(200).optional(),
  categoryId: z.string().max(100).optional(),
  tags: z.string().max(500).optional(),
  ratio: z.string().max(10).optional(),
  type: z.preprocess((value) => (value === 'text-to-image' ? 'text2image' : value === 'image-to-image' ? 'image2image' : value), z.enum(['text2image', 'image2image', 'library'])).optional().catch(undefined),
  userId: z.string().max(100).optional(),
  isPublic: booleanish.optional().catch(undefined),
  isOnline: booleanish.optional().catch(undefined),
  isRelated: booleanish.optional().catch(undefined),
  sortBy: z.enum(SORTABLE).catch('hotness').default('hotness'),
  sortOrder: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type ImagesQuery = z.infer<typeof imagesQuerySchema>;

/** GET /api/images/examples: the chosen pages a generator tab offers ("Try an example"). */
export const examplesQuerySchema = z.object({ type: imageTypeSchema.catch('text2image').default('text2image') });

export interface TagCount {
  tagId: string;
  displayName: Localized;
  count: number;
}

export interface CategoryDto {
  categoryId: string;
  slug: string;
  name: string;
  displayName: Localized;
  /** HTML with h2 sections, per language. */
  description: Localized;
  seoTitle: Localized;
  seoDesc: Localized;
  hotness: number;
  imageCount: number;
  thumbnailUrl: string | null;
  defaultUrl: string | null;
  colorUrl: string | null;
  coloringUrl: string | null;
  tagCounts: TagCount[];
}
