import type { Difficulty, Ratio } from '@studio/contracts/constants';
import type { Page } from '../page';
import type { ImageProvider, ImageRequest } from './provider-types';

/** The line-art cleanup (engine/src/lineart/photo-to-page.ts, mode 'cleanup'), passed in by the caller. */
export type LineArtCleanup = (input: Buffer, options: { difficulty: Difficulty; ratio: Ratio; mode: 'cleanup' }) => Promise<Page>;

export interface ProviderPage {
  page: Page;
  providerRef: string;
}

/**
 * A provider's picture is never a page by itself: models leave grey, specks and open gaps, so
 * every image goes through the line-art cleanup before anyone sees it.
 */
export async function generateProviderPage(provider: ImageProvider, request: ImageRequest, cleanup: LineArtCleanup): Promise<ProviderPage> {
  const { image, providerRef } = await provider.generate(request);
  return { page: await cleanup(image, { difficulty: request.difficulty, ratio: request.ratio, mode: 'cleanup' }), providerRef };
}

/** After a restart: fetch the job the provider already ran (never paying twice), then clean it up. */
export async function resumeProviderPage(provider: ImageProvider, providerRef: string, request: Pick<ImageRequest, 'difficulty' | 'ratio'>, cleanup: LineArtCleanup): Promise<ProviderPage | null> {
  if (!provider.resume) return null;
  const { image } = await provider.resume(providerRef);
  return { page: await cleanup(image, { difficulty: request.difficulty, ratio: request.ratio, mode: 'cleanup' }), providerRef };
}
