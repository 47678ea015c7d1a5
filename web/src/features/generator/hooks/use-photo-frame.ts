import type { Ratio } from '@studio/contracts/constants';
import { useEffect, useState } from 'react';
import { fetchPhotoFrame, type PhotoFrameDto } from '../api/generator-api';

export type PhotoFrameState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; frame: PhotoFrameDto };

/**
 * The frame a `crop` page will have, asked of the server whenever the photo or the ratio changes
 * while `wanted` (the crop chosen and the shapes differ): the preview shows the page's own window,
 * never a guess (decision 059). An answer for another photo or ratio is never shown.
 */
export function usePhotoFrame(file: File, ratio: Ratio, wanted: boolean): PhotoFrameState {
  const [answer, setAnswer] = useState<{ file: File; ratio: Ratio; state: PhotoFrameState } | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    const controller = new AbortController();
    fetchPhotoFrame({ file, ratio }, controller.signal).then(
      (frame) => setAnswer({ file, ratio, state: { status: 'ready', frame } }),
      () => {
        if (!controller.signal.aborted) setAnswer({ file, ratio, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [file, ratio, wanted]);
  if (!wanted) return { status: 'idle' };
  return answer && answer.file === file && answer.ratio === ratio ? answer.state : { status: 'loading' };
}
