import { colouredFileName, colouringPaths, type ColouredDto, type ColouredListDto, type ColouringPageDto } from '@studio/contracts/colourings';
import { apiPaths } from '@studio/contracts/routes';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/token-storage';

export { colouredFileName };
export type { ColouredDto, ColouredListDto, ColouringPageDto };

const signedIn = () => getAccessToken() !== null;

/** The page to colour (public pages for anyone, private ones for their owner) and the viewer's kept picture of it. */
export function fetchColouringPage(imageKey: string, signal?: AbortSignal): Promise<ColouringPageDto> {
  return apiRequest<ColouringPageDto>(colouringPaths.page(imageKey), { auth: signedIn(), signal });
}

/** The page's master PNG, through the download route (same origin, so its pixels can be read). */
export async function fetchMasterPng(imageId: string, signal?: AbortSignal): Promise<Blob> {
  const file = await apiDownload(apiPaths.download(imageId, 'png'), { auth: signedIn(), fallbackName: 'page.png', signal });
  return file.blob;
}

/**
 * A kept picture's PNG. Its signed link is absolute on the site's public address; it is read here
 * by path, so a visitor who reached the site by another name reads it from the same origin.
 */
export async function fetchKeptPicture(url: string, signal?: AbortSignal): Promise<Blob> {
  const parsed = new URL(url, window.location.href);
  const response = await fetch(`${parsed.pathname}${parsed.search}`, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export function keepColoured(imageId: string, png: Blob): Promise<ColouredDto> {
  const form = new FormData();
  form.append('file', png, 'coloured.png');
  return apiRequest<ColouredDto>(colouringPaths.kept(imageId), { method: 'PUT', form, auth: true });
}

export function fetchKeptPictures(query: { currentPage?: number; pageSize?: number }, signal?: AbortSignal): Promise<ColouredListDto> {
  const params = new URLSearchParams({ currentPage: String(query.currentPage ?? 1), pageSize: String(query.pageSize ?? 12) });
  return apiRequest<ColouredListDto>(`${colouringPaths.list}?${params}`, { auth: true, signal });
}

export function deleteKeptPicture(imageId: string): Promise<unknown> {
  return apiRequest(colouringPaths.kept(imageId), { method: 'DELETE', auth: true });
}
