// What a photo page's second thread does (page-helper.ts, decision 049): parts of the page's
// work that need nothing from the rest, made while the page's own thread makes the rest. Each
// task is a plain function of plain data, also run in-thread where no second thread is to be had,
// with the same result to the bit.
import type { RgbImage } from '../io/load-image';
import { colourGradient, rgbToLab } from './boundary-map';
import { coarseFeatures } from './boundary-features';
import type { CoarseFeatures } from './boundary-features';
import { faceFeatures, skinMask } from './face-features';
import type { FaceShape } from './face-model';
import { peopleFaces } from './human-faces';
import { personMask } from './person-mask';
import { saliencyCues } from './saliency';

/** A photo's planes at working size that do not depend on the boundary evidence. */
export interface WorkingPlanes {
  /** CIELAB. */
  planes: Float32Array[];
  /** Fine colour gradient (σ 1), scaled to 0..1 at half its maximum. */
  fine: Float32Array;
  /** The features inside the photo's faces (face-features.ts): one pixel list per eye, brow, mouth… */
  faceHoles: number[][];
  /** Per working pixel, 1 + the index of the face it lies in (down to the chin), else 0. */
  faces: Int32Array;
}

/** The fine colour gradient (σ 1) at working size, scaled so half its maximum is 1, clipped there. */
function fineGradient(planes: Float32Array[], width: number, height: number): Float32Array {
  const fine = colourGradient(planes, width, height, { sigmas: [1], chromaWeight: 1.5, blur: 'recursive', withAngle: false }).magnitude;
  let max = 0;
  for (const v of fine) if (v > max) max = v;
  const scale = max > 0 ? 2 / max : 0;
  for (let i = 0; i < fine.length; i++) fine[i] = Math.min(1, fine[i] * scale);
  return fine;
}

/** The working-size planes of `image`; `faceFeatureArea` is the least area of a face's feature, pixels. */
export function workingPlanes(image: RgbImage, faceFeatureArea: number): WorkingPlanes {
  const { width, height } = image;
  const planes = rgbToLab(image);
  const fine = fineGradient(planes, width, height);
  const { holes: faceHoles, faces } = faceFeatures(skinMask(image), width, height, faceFeatureArea, undefined, planes[0]);
  return { planes, fine, faceHoles, faces };
}

/** The boundary features of the coarse scales of the evidence's small copy (its CIELAB planes), as pages make them. */
function pageCoarseFeatures(lab: Float32Array[], width: number, height: number): CoarseFeatures {
  return coarseFeatures(lab, width, height, 1, 'recursive');
}

/** The people of a photo, as far as the models see them (null where a model cannot load). */
export interface PhotoPeople {
  /** Their faces (human-faces.ts). */
  faces: FaceShape[] | null;
  /** Per pixel of the picture, 0..1: a person there (person-mask.ts); asked only, and made only where a face was found. */
  mask: Float32Array | null;
}

/**
 * The photo's people's faces, and with `withMask` where they are: the mask model runs only when
 * the face model found a person's face, so photos without people cost nothing more (on
 * landscapes, horses and a cat it took rocks and grass for people; decision 076). The one task
 * that waits (on the models' loading).
 */
async function photoPeople(image: RgbImage, withMask: boolean): Promise<PhotoPeople> {
  const faces = await peopleFaces(image);
  const mask = withMask && faces !== null && faces.length > 0 ? await personMask(image) : null;
  return { faces, mask };
}

export const PAGE_HELPER_TASKS = { coarseFeatures: pageCoarseFeatures, saliencyCues, workingPlanes, photoPeople };
export type PageHelperTasks = typeof PAGE_HELPER_TASKS;
