import type { Language } from '@studio/contracts/constants';
import { downloadFileName } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/token-storage';
import { saveFile } from '../../../lib/save-file';
import { paperFor, type DownloadFormat } from './download-image';

export type PageVariant = 'numbers' | 'solution';

/** Fetches a page's colour-by-number sheet or its solution (made on first request, free: decision 031). */
export function fetchVariant(image: { id: string; title: string }, variant: PageVariant, format: DownloadFormat, lang: Language, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiDownload(apiPaths.downloadVariant(image.id, variant, format, format === 'pdf' ? paperFor(lang) : undefined), {
    auth: getAccessToken() !== null,
    fallbackName: downloadFileName(image.title, image.id, format, variant),
    signal,
  });
}

/** Downloads a variant and saves it under the spec's name (…-numbers.pdf, …-solution.png). */
export async function downloadVariant(image: { id: string; title: string }, variant: PageVariant, format: DownloadFormat, lang: Language): Promise<void> {
  const file = await fetchVariant(image, variant, format, lang);
  saveFile(file.blob, file.fileName);
}
