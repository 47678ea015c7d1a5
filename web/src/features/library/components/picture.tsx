import type { ImageDto } from '@studio/contracts/images';

/**
 * A library picture as a responsive WebP thumbnail (320 and 600 px wide) with its width and
 * height set, so the page does not jump while it loads; lazy unless it is above the fold.
 */
export function Thumbnail({ image, alt, sizes, eager = false, className = '' }: { image: Pick<ImageDto, 'thumbnailUrl' | 'smallThumbnailUrl' | 'dimensions'>; alt: string; sizes: string; eager?: boolean; className?: string }) {
  const { width, height } = displaySize(image.dimensions, 600);
  return (
    <img
      src={image.thumbnailUrl}
      srcSet={`${image.smallThumbnailUrl} 320w, ${image.thumbnailUrl} 600w`}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      // Above the fold it is what the visitor waits for (often the largest paint).
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** The picture's size scaled to `maxWidth`, for the width/height attributes. */
export function displaySize(dimensions: { width: number; height: number }, maxWidth: number): { width: number; height: number } {
  const width = dimensions.width > 0 ? dimensions.width : 3;
  const height = dimensions.height > 0 ? dimensions.height : 4;
  return { width: maxWidth, height: Math.round((maxWidth * height) / width) };
}
