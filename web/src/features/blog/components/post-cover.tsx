import { useState } from 'react';

/** The featured image; on a load error it disappears instead of showing a broken picture. */
export function PostCover({ src, alt, eager = false, className = '' }: { src: string | null; alt: string; eager?: boolean; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return (
    <img
      src={src}
      alt={alt}
      width={600}
      height={338}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`aspect-video w-full rounded-2xl bg-slate-100 object-cover ${className}`}
      data-testid="post-cover"
    />
  );
}
