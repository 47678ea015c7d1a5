import type { ImageDto, ImageListDto, ImageType, OriginalLinkDto } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

export type { ImageDto, ImageListDto, ImageType };

/** The signed-in user's own pages, newest first, optionally of one type. */
export function fetchUserImages(query: { type?: ImageType; currentPage?: number; pageSize?: number }, signal?: AbortSignal): Promise<ImageListDto> {
  const params = new URLSearchParams({ currentPage: String(query.currentPage ?? 1), pageSize: String(query.pageSize ?? 20), sortBy: 'createdAt', sortOrder: 'desc' });
  if (query.type) params.set('type', query.type);
  return apiRequest<ImageListDto>(`${apiPaths.userImages}?${params}`, { auth: true, signal });
}

/** Public, online pages of a type (generator examples, conversion examples). */
export function fetchPublicImages(query: { type: ImageType | 'library'; pageSize?: number; currentPage?: number }, signal?: AbortSignal): Promise<ImageListDto> {
  const params = new URLSearchParams({
    type: query.type,
    isPublic: 'true',
    isOnline: 'true',
    currentPage: String(query.currentPage ?? 1),
    pageSize: String(query.pageSize ?? 6),
  });
  return apiRequest<ImageListDto>(`${apiPaths.images}?${params}`, { signal });
}

/** The generator's chosen examples for a tab ("Try an example"). */
export function fetchExamples(type: ImageType, signal?: AbortSignal): Promise<{ images: ImageDto[] }> {
  return apiRequest<{ images: ImageDto[] }>(apiPaths.examples(type), { signal });
}

/** The owner's short-lived link to the photo a page was traced from (404 for anyone else). */
export function fetchOriginal(id: string, signal?: AbortSignal): Promise<OriginalLinkDto> {
  return apiRequest<OriginalLinkDto>(apiPaths.original(id), { auth: true, signal });
}

/** One page by id or slug for this viewer: public pages, and a signed-in owner's private ones (404 otherwise). */
export function fetchViewableImage(key: string, signal?: AbortSignal): Promise<ImageDto> {
  return apiRequest<ImageDto>(apiPaths.image(key), { auth: true, signal });
}

/** The owner shares a page in the public gallery or keeps it private (decision 050); answers the page as it now is. */
export function setImageVisibility(id: string, isPublic: boolean): Promise<ImageDto> {
  return apiRequest<ImageDto>(apiPaths.image(id), { method: 'PATCH', auth: true, body: { isPublic } });
}

export function deleteImage(id: string): Promise<unknown> {
  return apiRequest(apiPaths.image(id), { method: 'DELETE', auth: true });
}

export function reportImage(imageId: string, content: string): Promise<unknown> {
  return apiRequest(apiPaths.report, { method: 'POST', auth: true, body: { imageId, content } });
}

/** A picture URL as an upload file (recreating an example, ?sourceImageUrl=, an owner's photo). */
export async function fetchImageAsFile(url: string, name = 'image'): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  if (!blob.type.startsWith('image/')) throw new Error('not an image');
  const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg').replace(/\+.*$/, '') || 'png';
  return new File([blob], `${name}.${extension}`, { type: blob.type });
}
