import { BOOKLET_MAX_PAGES, bookletFileName, bookletPath, type BookletQueryInput } from '@studio/contracts/packs';
import type { ImageDto, ImageListDto } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { getAccessToken } from '../../../lib/token-storage';

/** Where a booklet's pages come from: a category, a library search, or the member's own pages. */
export type BookletSource = { kind: 'category'; categoryId: string } | { kind: 'search'; query: string } | { kind: 'mine' };

/** The pages a builder offers (at most a booklet's worth), in the order the source shows them. */
export async function fetchBookletCandidates(source: BookletSource, signal?: AbortSignal): Promise<ImageDto[]> {
  const params = new URLSearchParams({ currentPage: '1', pageSize: String(BOOKLET_MAX_PAGES) });
  if (source.kind === 'mine') {
    const list = await apiRequest<ImageListDto>(`${apiPaths.userImages}?${params.toString()}`, { auth: true, signal });
    return list.images;
  }
  if (source.kind === 'category') params.set('categoryId', source.categoryId);
  else params.set('query', source.query);
  return (await apiRequest<ImageListDto>(`${apiPaths.images}?${params.toString()}`, { signal })).images;
}

/**
 * Makes the booklet and saves it. Signed-in members send their token, so their own private pages
 * go in too; the server draws it while it sends it.
 */
export async function downloadBooklet(input: BookletQueryInput & { ids: string[] }): Promise<void> {
  const file = await apiDownload(bookletPath(input), { auth: getAccessToken() !== null, fallbackName: bookletFileName(input.title ?? '', input.ids.length) });
  saveFile(file.blob, file.fileName);
}
