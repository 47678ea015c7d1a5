import type { Language } from '@studio/contracts/constants';
import { downloadFileName } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiDownload } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/token-storage';
import { saveFile } from '../../../lib/save-file';

export type DownloadFormat = 'png' | 'pdf';
export type Paper = 'letter' | 'a4';

/** DESIGN §7: Letter for English pages, A4 for Chinese and Japanese. */
export function paperFor(lang: Language): Paper {
  return lang === 'en' ? 'letter' : 'a4';
}

/**
 * Downloads a page as PNG or PDF, with an optional name line, and saves it. Signed-in users send their token, so their private
 * pages download too; anyone may download public pages.
 */
export async function downloadImage(image: { id: string; title: string }, format: DownloadFormat, lang: Language, name = ''): Promise<void> {
  // "Name on the page" (decision 032): the server draws it above the picture.
  const named = name.trim() ? `&name=${encodeURIComponent(name.trim())}` : '';
  // A PDF has its title and credit line in the reader's language (decision 071).
  const language = named || format === 'pdf' ? `&lang=${lang}` : '';
  const file = await apiDownload(`${apiPaths.download(image.id, format, format === 'pdf' ? paperFor(lang) : undefined)}${named}${language}`, {
    auth: getAccessToken() !== null,
    fallbackName: downloadFileName(image.title, image.id, format),
  });
  saveFile(file.blob, file.fileName);
}
