import { useEffect, useState } from 'react';
import type { ImageDto } from '@studio/contracts/images';
import { useAuth } from '../../../lib/auth';
import { fetchOriginal } from '../api/image-api';

/**
 * The signed-in owner's short-lived link to the photo a page was traced from, or null: for
 * anyone else, for a page without a photo, and until the link has come. Nobody but the owner
 * ever gets one from the server (decision 024).
 */
export function useOriginalUrl(image: Pick<ImageDto, 'id' | 'type' | 'userId'> | null): string | null {
  const { user } = useAuth();
  const id = image && image.type === 'image2image' && user && image.userId === user.userId ? image.id : null;
  const [link, setLink] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    fetchOriginal(id, controller.signal)
      .then((original) => setLink({ id, url: original.url }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [id]);
  return id && link?.id === id ? link.url : null;
}
