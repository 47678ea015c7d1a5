import { z } from 'zod';
import type { Localized } from './constants';
import { downloadFileName, type ImageDto } from './images';

/**
 * "Colour it on screen" (issue 17): a member keeps the picture they coloured of a page in My
 * creations, one per page (keeping again replaces it), private to them whoever owns the page.
 */
export const COLOURED_MAX_BYTES = 10 * 1024 * 1024;
/** Pages a member may keep a coloured picture of; one more is refused until one is deleted. */
export const COLOURED_PER_USER = 200;
/**
 * Bytes a member's kept pictures may fill in storage, PNGs and thumbnails together (decision 054).
 * A page coloured on screen is kept in about 0.1–0.15 MB, so the count binds first; this bounds
 * what an account can put on the disk with pictures made to compress badly.
 */
export const COLOURED_BYTES_PER_USER = 200 * 1024 * 1024;

/** A kept coloured picture, as its maker sees it. */
export interface ColouredDto {
  imageId: string;
  imageSlug: string;
  title: Localized;
  width: number;
  height: number;
  /** The PNG (a signed link that lasts about an hour). */
  url: string;
  thumbnailUrl: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/colourings/pages/:imageId — the page to colour and, for a member, the picture they kept of it. */
export interface ColouringPageDto {
  image: ImageDto;
  coloured: ColouredDto | null;
}

export interface ColouredListDto {
  colourings: ColouredDto[];
  total: number;
  currentPage: number;
  pageSize: number;
}

export const colouredListQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type ColouredListQuery = z.infer<typeof colouredListQuerySchema>;

/** The spec's download name with "-coloured": coloring-page-<title>-<id8>-coloured.png. */
export function colouredFileName(title: string, id: string): string {
  return downloadFileName(title, id, 'png').replace(/\.png$/, '-coloured.png');
}

/** The calls of this feature (its own sub-prefix of /api, apart from the four /api/images modules). */
export const colouringPaths = {
  list: '/api/colourings',
  page: (imageId: string) => `/api/colourings/pages/${encodeURIComponent(imageId)}`,
  /** PUT (multipart "file") keeps the picture, DELETE removes it. */
  kept: (imageId: string) => `/api/colourings/${encodeURIComponent(imageId)}`,
  routes: { list: '/api/colourings', page: '/api/colourings/pages/:imageId', kept: '/api/colourings/:imageId' },
} as const;
