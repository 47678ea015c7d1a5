/**
 * The regions a photo page draws, from a photo already at working size: boundary evidence →
 * watershed basins → greedy merging of the boundary least likely to be real (a learned merge
 * cost, decision 036), cut where the boundaries left are likely enough for the difficulty
 * (within its region band). The page pipeline
 * (photo-to-page.ts) and the BSDS500 benchmark of the page's lines (bench:quality --map page)
 * both come through here, so the benchmark scores what the user gets.
 */
import type { Difficulty } from '@studio/contracts/constants';
import { DIFFICULTY_SPECS } from '@studio/contracts/page';
import type { RgbImage } from '../io/load-image';
import { resizePlane, shrinkRgb } from '../raster/resample';
import { rgbToLab } from './boundary-map';
import { boundaryProbability, probabilityOfFeatures } from './boundary-model';
import { fineScaleFeatures, finishFeatures } from './boundary-features';
import { onHelper } from './page-helper';
import { workingPlanes } from './page-helper-tasks';
import type { WorkingPlanes } from './page-helper-tasks';
import { ON_PERSON, peopleSaliency, subjectSaliency } from './saliency';
import { squareExtreme } from '../raster/grey-morphology';
import { paperShare, splitFeatureMarks } from './feature-marks';
import { patternRegions } from './background-pattern';
import type { TextureParams } from './texture-strokes';
import type { Pattern } from './background-pattern';
import type { DetailParams } from './detail-lines';
import { mergeRegions, watershed } from './segment-regions';
import type { MergeOptions, Segmentation } from './segment-regions';
import { learnedMergeOptions, mergeInputs } from './merge-cost';
import { MERGE_COST_MODEL } from './merge-cost-weights';
import type { MlpWeights } from './mlp';

/** How a difficulty shapes a photo page. Areas are on paper, in mm². */
export interface PhotoParams {
  /** Region count of a page made to a count (the retries aim it; the first attempt cuts at `cut`). */
  targetRegions: number;
  /**
   * The hierarchy's cut: merging stops at the first shared boundary whose cost exceeds this, once
   * the region count is within the difficulty's band. The cost is the learned merge cost's
   * probability that a person would draw the boundary (decision 036); adult pages merge to a
   * count instead. Tuned on BSDS500 train images the model did not see; adult's raised from 0.2
   * by eye, against pages cut into a mosaic (decision 067).
   */
  cut: number;
  /** Page pixels per working pixel: pages with fewer, larger regions are segmented at lower resolution. */
  workScale: number;
  /** Smoothing of the drawn boundaries along their length, working pixels (smoothChainKeepingShape). */
  curveSigma: number;
  minRegionMm2: number;
  /** The page's open detail lines (detail-lines.ts, decision 048); none where unset. */
  detail?: DetailParams;
  /** The page's texture strokes inside the subject (texture-strokes.ts, decision 080); none where unset. */
  texture?: TextureParams;
}

export const PHOTO_PARAMS: Record<Difficulty, PhotoParams> = {
  toddler: { targetRegions: 14, cut: 0.3, workScale: 6, curveSigma: 5, minRegionMm2: 250 },
  children: { targetRegions: 44, cut: 0.26, workScale: 5, curveSigma: 4.5, minRegionMm2: 60, detail: { minEvidence: 0.4, minLength: 6 } },
  teen: { targetRegions: 84, cut: 0.34, workScale: 4, curveSigma: 4.4, minRegionMm2: 30, detail: { minEvidence: 0.4, minLength: 8 } },
  adult: { targetRegions: 250, cut: 0.3, workScale: 4, curveSigma: 3.1, minRegionMm2: 10, texture: { minContrast: 1, minLength: 10, minCoherence: 0.5, clearOfOutline: 2 } },
};

/**
 * Pixels at which the boundary model looks at a photo. The model was trained on BSDS500 photos
 * (about 154,000 pixels) at feature scale 1; run at a quarter of that on a shrunk copy, its first
 * stage costs about 0.2 s on one core, and the coarser view sees the shapes a page needs rather
 * than fine texture (decision 027: on 20 val images, page-line F 0.582 with the colour gradient,
 * 0.616 with this, 0.647 with all three stages at full size, which costs 5 s a photo).
 */
export const EVIDENCE_PIXELS = 160_000;

/**
 * Share of a boundary's strength kept where neither side is subject: background boundaries are
 * merged first, so most of the region budget goes to the subject.
 */
const BACKGROUND_WEIGHT = 0.6;

/** What a photo gives before the merging: colour planes, boundary evidence and over-segmentation at working size. */
export interface PhotoBasins {
  planes: Float32Array[];
  /** Boundary probability per working pixel (0..1). */
  evidence: Float32Array;
  /** Subject likelihood per working pixel (0..1), see saliency.ts. */
  saliency: Float32Array;
  /** Fine colour gradient per working pixel (σ 1), scaled to 0..1 at half its maximum. */
  fine: Float32Array;
  over: Segmentation;
  /** The features inside the photo's faces (face-features.ts): one pixel list per eye, brow, mouth… */
  faceHoles: number[][];
  /** Per working pixel, 1 + the index of the face it lies in (down to the chin), else 0. */
  faces: Int32Array;
  workW: number;
  workH: number;
}

/** The photo shrunk to about `pixels` (itself when it is no larger), and its CIELAB planes. */
function smallCopy(image: RgbImage, pixels: number): { small: RgbImage; lab: Float32Array[] } {
  const { width, height } = image;
  const k = Math.min(1, Math.sqrt(pixels / (width * height)));
  const small = k < 1 ? shrinkRgb(image, Math.max(1, Math.round(width * k)), Math.max(1, Math.round(height * k))) : image;
  // The model's features and the saliency both read them: made once.
  return { small, lab: rgbToLab(small) };
}

/** The evidence and saliency made on the small copy, enlarged back to the photo's size. */
function enlarged(image: RgbImage, small: RgbImage, evidence: Float32Array, saliency: Float32Array): { evidence: Float32Array; saliency: Float32Array } {
  if (small === image) return { evidence, saliency };
  const { width: w, height: h } = small;
  return { evidence: resizePlane(evidence, w, h, image.width, image.height), saliency: resizePlane(saliency, w, h, image.width, image.height) };
}

/**
 * The boundary model's first stage and the subject saliency on a copy of the photo shrunk to
 * about EVIDENCE_PIXELS, enlarged back.
 */
function photoEvidence(image: RgbImage, pixels: number, stages: number, bodyUnderFace: boolean): { evidence: Float32Array; saliency: Float32Array } {
  const { small, lab } = smallCopy(image, pixels);
  const evidence = boundaryProbability(small, 1, stages, 'recursive', lab).probability;
  return enlarged(image, small, evidence, subjectSaliency(small, evidence, bodyUnderFace, lab));
}

/**
 * Where the watershed draws its lines: the geometric mean of the (coarse) boundary evidence and
 * the fine colour gradient at working size. The evidence, computed small and enlarged, says
 * which boundaries are real but not exactly where they run; the fine gradient puts them on the
 * photo's own edges instead of the middle of a soft slope, where straight "comb" cuts came from.
 * On 40 BSDS train images at children, hierarchy F 0.650 flooding the evidence, 0.665 flooding
 * this map from the evidence's minima (decision 033).
 */
function watershedMap(evidence: Float32Array, fine: Float32Array): Float32Array {
  const map = new Float32Array(fine.length);
  for (let i = 0; i < map.length; i++) map[i] = Math.sqrt(evidence[i] * fine[i]);
  return map;
}

/** Least area of a face's feature on paper, mm²: a brow or an eye of a child's face on a children page. */
const FACE_FEATURE_MM2 = 1;

/** basinsOf's `fewestBasins` for adult pages: the evidence's own basins, merged to a count. */
const ADULT_BASINS = -1;

/**
 * Fewest basins a difficulty's merging needs: drawing a page loses thin regions, so twice its
 * typical region count. Adult pages take the evidence's own basins (ADULT_BASINS).
 */
export function minBasins(difficulty: Difficulty): number {
  return difficulty === 'adult' ? ADULT_BASINS : 2 * PHOTO_PARAMS[difficulty].targetRegions;
}

/** Least area of a face's feature at working size, pixels. */
function faceFeatureArea(image: RgbImage): number {
  return Math.max(4, paperShare(FACE_FEATURE_MM2) * image.width * image.height);
}

/**
 * CIELAB planes, boundary evidence, saliency and watershed basins of a photo already at working
 * size, with at least `fewestBasins` basins when the photo has that many edges. `bodyUnderFace`:
 * the saliency counts the body under a face as subject (subject-only pages, saliency.ts).
 */
export function basinsOf(
  image: RgbImage,
  onStage: (stage: string) => void = () => undefined,
  fewestBasins = 0,
  evidencePixels = EVIDENCE_PIXELS,
  stages = 1,
  bodyUnderFace = false,
): PhotoBasins {
  const working = workingPlanes(image, faceFeatureArea(image));
  const { evidence, saliency } = photoEvidence(image, evidencePixels, stages, bodyUnderFace);
  onStage('evidence');
  const basins = watershedBasins(image, working, evidence, saliency, fewestBasins);
  onStage('watershed');
  return basins;
}

/**
 * The basins from the evidence. They start where the evidence has its minima (so the merging
 * has no more to do than before) and grow over the mixed map, so their borders settle on the
 * photo's own edges. A smooth photo (a portrait on a plain backdrop) has too few evidence minima
 * for an adult page: then the mixed map's own minima seed them.
 */
function watershedBasins(image: RgbImage, working: WorkingPlanes, evidence: Float32Array, saliency: Float32Array, fewestBasins: number): PhotoBasins {
  const { width: workW, height: workH } = image;
  const { planes, fine, faceHoles, faces } = working;
  let over: Segmentation;
  if (fewestBasins === ADULT_BASINS) {
    // Adult pages keep the evidence's own basins (decision 033): grown over the mixed map and
    // re-seeded to fill the adult band, they beaded every outline with tiny regions.
    over = watershed(evidence, workW, workH);
  } else {
    const map = watershedMap(evidence, fine);
    over = watershed(map, workW, workH, evidence);
    if (over.count < fewestBasins) over = watershed(map, workW, workH);
  }
  return { planes, evidence, saliency, fine, over, faceHoles, faces, workW, workH };
}

/**
 * A page's basins as the page pipeline makes them, for the pipeline and the benchmark alike.
 * Subject-only and adult pages take the body under a face as subject (saliency.ts): the one
 * drops its background, the other patterns it (decision 039), and a shirt taken for background
 * would be dropped or patterned with it. Other pages leave the cue off (it cost 0.004 page-line
 * F on BSDS train at children: tan animals and sand pass for faces).
 */
export function pageBasins(image: RgbImage, difficulty: Difficulty, subjectOnly = false, onStage?: (stage: string) => void): PhotoBasins {
  return basinsOf(image, onStage, minBasins(difficulty), EVIDENCE_PIXELS, 1, pageBodyUnderFace(difficulty, subjectOnly));
}

function pageBodyUnderFace(difficulty: Difficulty, subjectOnly: boolean): boolean {
  return subjectOnly || difficulty === 'adult';
}

/**
 * pageBasins on two threads (page-helper.ts, decision 049), the same to the bit: the helper makes
 * the coarse scales' boundary features, the saliency's cues and the working-size planes, while
 * this thread makes the fine scales' features and runs the model.
 */
export async function pageBasinsOnTwoThreads(image: RgbImage, difficulty: Difficulty, subjectOnly = false, onStage: (stage: string) => void = () => undefined): Promise<PhotoBasins> {
  const { small, lab } = smallCopy(image, EVIDENCE_PIXELS);
  const { width, height } = small;
  const bodyUnderFace = pageBodyUnderFace(difficulty, subjectOnly);
  // Asked in the order this thread needs them.
  const coarse = onHelper('coarseFeatures', lab, width, height);
  const cues = onHelper('saliencyCues', small, lab, bodyUnderFace);
  const working = onHelper('workingPlanes', image, faceFeatureArea(image));
  const fine = fineScaleFeatures(lab, width, height, 1, 'recursive');
  const evidence = probabilityOfFeatures(finishFeatures(fine, await coarse), 1).probability;
  const saliency = subjectSaliency(small, evidence, bodyUnderFace, lab, await cues);
  const full = enlarged(image, small, evidence, saliency);
  onStage('evidence');
  const basins = watershedBasins(image, await working, full.evidence, full.saliency, minBasins(difficulty));
  onStage('watershed');
  return basins;
}

/** Otsu's threshold of values in 0..1 (64 bins): where subject and background separate best. */
export function otsu(values: Float32Array): number {
  const bins = 64;
  const histogram = new Float64Array(bins);
  for (const v of values) histogram[Math.min(bins - 1, Math.floor(v * bins))]++;
  let total = 0;
  let weighted = 0;
  for (let b = 0; b < bins; b++) {
    total += histogram[b];
    weighted += b * histogram[b];
  }
  let below = 0;
  let belowWeighted = 0;
  let best = 0;
  let threshold = 0.5;
  for (let b = 0; b < bins - 1; b++) {
    below += histogram[b];
    belowWeighted += b * histogram[b];
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (belowWeighted / below - (weighted - belowWeighted) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = (b + 1) / bins;
    }
  }
  return threshold;
}

/** Mean of a per-pixel plane over each region. */
function regionMeans(seg: Segmentation, plane: Float32Array): Float64Array {
  const sum = new Float64Array(seg.count);
  const area = new Float64Array(seg.count);
  for (let i = 0; i < seg.labels.length; i++) {
    sum[seg.labels[i]] += plane[i];
    area[seg.labels[i]]++;
  }
  for (let r = 0; r < seg.count; r++) sum[r] /= Math.max(1, area[r]);
  return sum;
}

/** Which regions are the subject: mean saliency above Otsu's threshold of the photo's saliency. */
export function subjectRegions(seg: Segmentation, saliency: Float32Array): Uint8Array {
  const threshold = otsu(saliency);
  const means = regionMeans(seg, saliency);
  return Uint8Array.from(means, (m) => (m >= threshold ? 1 : 0));
}

/** Most regions an adult page is cut into (its band has no top): more is a jigsaw, not a page. */
const MAX_ADULT_REGIONS = 450;

/** Least share of the picture the subject must cover for a "subject only" page to drop the background. */
const MIN_SUBJECT_SHARE = 0.03;

/**
 * The basins with every background basin joined into one region (label 0), for "subject only"
 * pages; unchanged when no subject stands out (the page then shows the whole photo).
 */
function joinBackground(over: Segmentation, saliency: Float32Array): Segmentation {
  const subject = subjectRegions(over, saliency);
  let subjectPixels = 0;
  for (const label of over.labels) subjectPixels += subject[label];
  if (subjectPixels < MIN_SUBJECT_SHARE * over.labels.length) return over;
  const remap = new Int32Array(over.count);
  let next = 1;
  for (let r = 0; r < over.count; r++) remap[r] = subject[r] ? next++ : 0;
  return relabelled(over, remap, next);
}

/**
 * A subject-only page's basins on a photo with people (decision 076), `mask` the person mask at
 * working size: each basin cut in two where the mask's edge crosses it, the boundary evidence
 * (and the fine gradient) made certain along that edge, and the saliency raised on the people and
 * lowered off them (saliency.ts). A basin that was half a drummer's face and half the wall behind
 * him, of the same brown (BSDS 229036), is two; without the evidence the merging, seeing no edge
 * between them, joined the face to the background again. The outline follows the mask where the
 * photo shows no edge between a person and what is behind.
 */
export function peopleBasins(basins: PhotoBasins, mask: Float32Array): PhotoBasins {
  const { width, height, labels, count } = basins.over;
  const cut = new Int32Array(labels.length);
  // Per basin and side of the mask's edge, its new label (in raster order of first pixel).
  const side = new Int32Array(2 * count).fill(-1);
  let next = 0;
  for (let i = 0; i < labels.length; i++) {
    const key = 2 * labels[i] + (mask[i] >= ON_PERSON ? 1 : 0);
    if (side[key] < 0) side[key] = next++;
    cut[i] = side[key];
  }
  const evidence = Float32Array.from(basins.evidence);
  const fine = Float32Array.from(basins.fine);
  const onPerson = (i: number): boolean => mask[i] >= ON_PERSON;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      for (const j of [x + 1 < width ? i + 1 : -1, y + 1 < height ? i + width : -1]) {
        if (j < 0 || onPerson(i) === onPerson(j)) continue;
        evidence[i] = evidence[j] = fine[i] = fine[j] = 1;
      }
    }
  }
  return { ...basins, evidence, fine, over: { width, height, labels: cut, count: next }, saliency: peopleSaliency(basins.saliency, mask) };
}

/** `seg` with each region r renamed `remap[r]`, `count` regions in all. */
function relabelled(seg: Segmentation, remap: Int32Array, count: number): Segmentation {
  return { width: seg.width, height: seg.height, labels: seg.labels.map((l) => remap[l]), count };
}

/** Fewest basins, as a multiple of the merging's floor, the faces' join must leave (photoRegions). */
const FACE_JOIN_BASINS = 1.5;

/** Least share of a basin inside a face for it to be joined into the face. */
const FACE_JOIN_SHARE = 0.6;

/**
 * The basins with each face joined into one region (its eyes, brows and mouth are split off
 * again as marks, feature-marks.ts): a smooth face on a page with a floor of regions to reach was
 * cut along its shading into pieces no one would colour apart. `faces` as PhotoBasins.faces.
 */
export function joinFaces(over: Segmentation, faces: Int32Array): Segmentation {
  const { labels, count } = over;
  let faceCount = 0;
  for (const f of faces) if (f > faceCount) faceCount = f;
  if (faceCount === 0) return over;
  const area = new Float64Array(count);
  // Per basin and face: its pixels inside that face.
  const inFace = new Float64Array(count * faceCount);
  for (let i = 0; i < labels.length; i++) {
    area[labels[i]]++;
    if (faces[i] > 0) inFace[labels[i] * faceCount + faces[i] - 1]++;
  }
  const remap = new Int32Array(count).fill(-1);
  const faceLabel = new Int32Array(faceCount).fill(-1);
  let next = 0;
  for (let r = 0; r < count; r++) {
    let face = -1;
    for (let f = 0; f < faceCount; f++) if (inFace[r * faceCount + f] >= FACE_JOIN_SHARE * area[r]) face = f;
    if (face < 0) remap[r] = next++;
    else {
      if (faceLabel[face] < 0) faceLabel[face] = next++;
      remap[r] = faceLabel[face];
    }
  }
  if (next === count) return over;
  return relabelled(over, remap, next);
}

/** Smallest region of a difficulty as a share of the picture: its paper area over a portrait page's. */
export function minRegionShare(difficulty: Difficulty): number {
  return paperShare(PHOTO_PARAMS[difficulty].minRegionMm2);
}

/** The regions a page draws, and which of them are dark marks (eyes) drawn filled. */
export interface MarkedRegions extends Segmentation {
  /** Per label: 1 for a dark mark, drawn filled (feature-marks.ts). */
  filled: Uint8Array;
  /** How many marks there are: the last `marks` labels. */
  marks: number;
}

/** The merged map: boundary evidence, background boundaries weakened (BACKGROUND_WEIGHT). */
export function pageStrength(evidence: Float32Array, saliency: Float32Array): Float32Array {
  const strength = new Float32Array(evidence.length);
  for (let i = 0; i < evidence.length; i++) strength[i] = evidence[i] * (BACKGROUND_WEIGHT + (1 - BACKGROUND_WEIGHT) * saliency[i]);
  return strength;
}

/**
 * How a difficulty's page merges its basins, apart from where it stops: the learned merge cost
 * (decision 036) at every difficulty. Adult pages still stop at a count, not at the cut; the
 * model was not trained on their trajectories, but with the 160k evidence it beats the
 * hand-made cost there too (BSDS train page F 0.638 against 0.618).
 */
export function pageMergeOptions(
  basins: PhotoBasins,
  difficulty: Difficulty,
  model: MlpWeights = MERGE_COST_MODEL,
): Pick<MergeOptions, 'typicalRegions' | 'minArea' | 'planes' | 'colourWeight' | 'boundaryPlanes' | 'regionPlanes' | 'histogram' | 'boundaryCost'> {
  const { workW, workH } = basins;
  const base = {
    typicalRegions: PHOTO_PARAMS[difficulty].targetRegions,
    minArea: minRegionShare(difficulty) * workW * workH,
    planes: basins.planes,
    // Lab units against a probability: a colour step of 20 weighs like 0.1 of boundary probability.
    colourWeight: 0.005,
  };
  const inputs = mergeInputs(basins.planes, basins.evidence, basins.fine, basins.saliency);
  return { ...base, ...learnedMergeOptions(inputs, model) };
}

/**
 * The regions a page draws: the basins merged weakest boundary first, background boundaries
 * sooner, until the boundaries left are stronger than the difficulty's cut (and the count is
 * within its band); with `targetRegions`, merged to that count instead (the retries of a page
 * whose drawn region count left the band). `subjectOnly` joins the whole background into one
 * region before merging. Then the subject's small marks (eyes, a mouth) are split off again,
 * so they survive at every difficulty. `cut` and `model` replace the difficulty's cut and the
 * shipped merge cost (for tuning them, page-tune.ts).
 */
export function photoRegions(
  basins: PhotoBasins,
  difficulty: Difficulty,
  targetRegions?: number,
  subjectOnly = false,
  cut = PHOTO_PARAMS[difficulty].cut,
  model: MlpWeights = MERGE_COST_MODEL,
): MarkedRegions {
  const params = PHOTO_PARAMS[difficulty];
  const spec = DIFFICULTY_SPECS[difficulty];
  const base = subjectOnly ? joinBackground(basins.over, basins.saliency) : basins.over;
  const joined = joinFaces(base, basins.faces);
  // Adult pages reach their band with pattern cells, so their faces are always joined.
  if (difficulty === 'adult' && !subjectOnly) return adultRegions(basins, joined, targetRegions ?? params.targetRegions, cut, model);
  // Subject-only adult pages merge to a count: cut at a strength, a subject alone leaves too few
  // regions for the adult band, and filling it by re-seeding beaded every outline (decision 033).
  const byCount = targetRegions !== undefined || difficulty === 'adult';
  const bounds = {
    // The band is kept a little inside the checker's: drawing joins or splits a few regions.
    targetRegions: byCount ? (targetRegions ?? params.targetRegions) : Math.round(spec.minRegions * 1.15),
    maxCost: byCount ? Infinity : cut,
    maxRegions: byCount ? Infinity : Math.round(Math.min(spec.maxRegions, MAX_ADULT_REGIONS) * 0.9),
  };
  // The faces are joined unless too few basins would be left for the merging's floor (a face
  // alone on a plain backdrop): then a face is cut like the rest, or the page would fail its band.
  const over = joined.count >= FACE_JOIN_BASINS * bounds.targetRegions ? joined : base;
  return mergedWithMarks(basins, difficulty, over, bounds, model);
}

/** Where a merging stops (MergeOptions). */
interface MergeBounds {
  targetRegions: number;
  maxCost: number;
  maxRegions: number;
}

/**
 * `over` merged within `bounds`, then the subject's marks split off (and the lines that ran
 * through them merged once more).
 */
function mergedWithMarks(basins: PhotoBasins, difficulty: Difficulty, over: Segmentation, bounds: MergeBounds, model: MlpWeights): MarkedRegions {
  const { evidence, saliency } = basins;
  // keepApart is named (unset) so both mergings pass options of one shape: V8 dropped the
  // merging's compiled code each time the shape changed.
  const merged = mergeRegions(over, pageStrength(evidence, saliency), { ...pageMergeOptions(basins, difficulty, model), ...bounds, keepApart: undefined });
  const split = splitFeatureMarks(merged, basins.planes, subjectRegions(merged, saliency), difficulty, basins.faceHoles);
  if (split.marks === 0) return { ...merged, filled: new Uint8Array(merged.count), marks: 0 };
  // A line the merging kept only because it ran through the marks (a face cut along its eyes
  // and mouth) has lost what held it: the regions are merged once more, the marks kept apart
  // and the evidence round them — the mark's own edge, blurred — ignored.
  const marked = split.regions;
  const firstMark = marked.count - split.marks;
  const { width, height } = marked;
  const isMark = new Uint8Array(marked.labels.length);
  for (let i = 0; i < isMark.length; i++) if (marked.labels[i] >= firstMark) isMark[i] = 1;
  // A square grey dilation of the 0/1 mask: the pixels within MARK_HALO steps of a mark.
  const near = squareExtreme(isMark, width, height, MARK_HALO, true);
  if (!linesNear(marked.labels, near, isMark, width, height)) return markedResult(marked, split.filled, split.marks);
  const quietEvidence = Float32Array.from(evidence);
  const quietFine = Float32Array.from(basins.fine);
  for (let i = 0; i < near.length; i++) {
    if (near[i] && !isMark[i]) {
      quietEvidence[i] = 0;
      quietFine[i] = 0;
    }
  }
  let filledMarks = 0;
  for (const f of split.filled) filledMarks += f;
  const keep = new Uint8Array(marked.count);
  keep.fill(1, firstMark);
  // The marks are regions the first merging did not count. Its ceiling (above which the cut is
  // ignored) is raised by their number, so this merging removes only what the marks held, not
  // regions the page needs (BSDS val toddler F 0.615 without, 0.628 with, before decision 036);
  // its floor by the filled ones only: they are ink, not regions to colour, and a toddler
  // portrait at the floor kept lines from eye to mouth otherwise.
  const again = mergeRegions(marked, pageStrength(quietEvidence, saliency), {
    ...pageMergeOptions({ ...basins, evidence: quietEvidence, fine: quietFine }, difficulty, model),
    ...bounds,
    targetRegions: bounds.targetRegions + filledMarks,
    maxRegions: bounds.maxRegions + split.marks,
    keepApart: keep,
  });
  // mergeRegions numbers regions in raster order: the marks are put back as the last labels.
  return marksLast(marked, again, firstMark, split.filled);
}

/** Fewest regions an adult page's merging leaves before its background is patterned. */
const ADULT_FLOOR = 12;

/** Area of an adult page's background pattern cells on paper, mm²: the smallest, the largest. */
const CELL_MM2 = { min: 18, max: 200 };

/**
 * Highest mean boundary evidence of a background region that is patterned: a calm sky, wall or
 * floor. A busier one (rocks round a chipmunk the cut did not part from them, foliage) keeps the
 * photo's lines instead: on BSDS500 photos skies and grass have 0.03–0.09, such rocks 0.12.
 */
const CALM_EVIDENCE = 0.1;

/**
 * An adult page (decision 039): the basins merged at the cut, so the page keeps the lines a
 * person would draw; then the calm background regions cut into pattern cells (scales above,
 * hexagons below), sized so the page
 * holds about `wanted` regions. When the calm background cannot hold that many cells of the
 * least size, the merging stops at a count instead, as before, and the rest is patterned.
 */
function adultRegions(basins: PhotoBasins, over: Segmentation, wanted: number, cut: number, model: MlpWeights): MarkedRegions {
  const { width, height } = basins.over;
  const pxPerMm2 = width * height * paperShare(1);
  const leastCell = CELL_MM2.min * pxPerMm2;
  let natural = mergedWithMarks(basins, 'adult', over, { targetRegions: ADULT_FLOOR, maxCost: cut, maxRegions: MAX_ADULT_REGIONS }, model);
  // 0.8: cells cut by a region's edge and the slivers joined to them.
  const short = (regions: Segmentation, area: number): boolean => regions.count + (0.8 * area) / leastCell < wanted;
  let patterns = adultPatterns(natural, basins, (area) => !short(natural, area));
  let calm = calmArea(natural, patterns);
  if (short(natural, calm)) {
    const more = Math.round(wanted - (0.8 * calm) / leastCell);
    natural = mergedWithMarks(basins, 'adult', over, { targetRegions: more, maxCost: Infinity, maxRegions: Infinity }, model);
    patterns = backgroundPatterns(natural, basins);
    calm = calmArea(natural, patterns);
  }
  const deficit = wanted - natural.count;
  if (deficit <= 0 || calm === 0) return natural;
  const cellArea = Math.min(CELL_MM2.max * pxPerMm2, Math.max(leastCell, (0.8 * calm) / deficit));
  const patterned = patternRegions(natural, patterns, cellArea, 0.35 * cellArea);
  return marksLast(natural, patterned, natural.count - natural.marks, natural.filled);
}

/** Largest mean saliency of a busy background region an adult page patterns, as a share of the subject's threshold. */
const BACKGROUND_SALIENCY = 0.5;

/**
 * The patterns of an adult page's background: its calm regions (backgroundPatterns), and where
 * their area is not `enough` to reach the page's band, busier background regions too, calmest
 * first, until it is. Without them the page was merged to a count, which reached the band by
 * cutting the subject into a mosaic of its fur and shading (a beagle puppy, a ginger kitten;
 * issue 38). Only regions plainly not the subject are taken: one the saliency half counts (a
 * puppy's white chest merged with the table under it) keeps the photo's lines. Where even they
 * are not enough, the calm ones alone, and the caller merges to a count.
 */
function adultPatterns(regions: MarkedRegions, basins: PhotoBasins, enough: (area: number) => boolean): Pattern[] {
  const calm = backgroundPatterns(regions, basins);
  const open = backgroundPatterns(regions, basins, Infinity);
  const evidence = regionMeans(regions, basins.evidence);
  const saliency = regionMeans(regions, basins.saliency);
  const plainly = BACKGROUND_SALIENCY * otsu(basins.saliency);
  const size = new Float64Array(regions.count);
  for (const label of regions.labels) size[label]++;
  let area = 0;
  for (let r = 0; r < regions.count; r++) if (calm[r] !== 'none') area += size[r];
  if (enough(area)) return calm;
  const busy = Array.from({ length: regions.count }, (_, r) => r)
    .filter((r) => calm[r] === 'none' && open[r] !== 'none' && saliency[r] < plainly)
    .sort((a, b) => evidence[a] - evidence[b] || a - b);
  const patterns = [...calm];
  for (const r of busy) {
    patterns[r] = open[r];
    area += size[r];
    if (enough(area)) return patterns;
  }
  return calm;
}

/**
 * Per region: its pattern — none for the subject, its marks and busy regions (mean evidence over
 * `maxEvidence`); scales for a
 * region whose middle lies in the upper half of the picture (a sky, a wall), hexagons below (a
 * floor, a field). A lower region that stands on the bottom edge without reaching either side is
 * a body cut by the frame (a shirt the saliency missed, with a face it did not find), not a
 * floor: it is kept whole.
 */
function backgroundPatterns(regions: MarkedRegions, basins: PhotoBasins, maxEvidence = CALM_EVIDENCE): Pattern[] {
  const { width, height, labels, count, marks } = regions;
  const subject = subjectRegions(regions, basins.saliency);
  const evidence = regionMeans(regions, basins.evidence);
  const rows = new Float32Array(labels.length);
  for (let i = 0; i < rows.length; i++) rows[i] = Math.floor(i / width);
  const middle = regionMeans(regions, rows);
  const bottom = new Uint8Array(count);
  const side = new Uint8Array(count);
  for (let x = 0; x < width; x++) bottom[labels[(height - 1) * width + x]] = 1;
  for (let y = 0; y < height; y++) side[labels[y * width]] = side[labels[y * width + width - 1]] = 1;
  return Array.from({ length: count }, (_, r) => {
    if (subject[r] || r >= count - marks || evidence[r] > maxEvidence) return 'none';
    if (middle[r] < height / 2) return 'scales';
    return bottom[r] && !side[r] ? 'none' : 'hexagons';
  });
}

/** Pixels in patterned regions. */
function calmArea(regions: Segmentation, patterns: Pattern[]): number {
  let area = 0;
  for (const label of regions.labels) if (patterns[label] !== 'none') area++;
  return area;
}

/**
 * `after` (regions cut or merged from `before`, whose labels from `firstMark` on are marks) with
 * the marks put back as its last labels, in their order; `filled` per label of `before`.
 */
function marksLast(before: Segmentation, after: Segmentation, firstMark: number, filled: Uint8Array): MarkedRegions {
  const markOf = new Int32Array(after.count).fill(-1);
  for (let i = 0; i < before.labels.length; i++) if (before.labels[i] >= firstMark) markOf[after.labels[i]] = before.labels[i] - firstMark;
  const order = new Int32Array(after.count);
  let next = 0;
  for (let r = 0; r < after.count; r++) if (markOf[r] < 0) order[r] = next++;
  for (let r = 0; r < after.count; r++) if (markOf[r] >= 0) order[r] = next + markOf[r];
  const outFilled = new Uint8Array(after.count);
  for (let r = 0; r < after.count; r++) if (markOf[r] >= 0) outFilled[order[r]] = filled[firstMark + markOf[r]];
  const marks = before.count - firstMark;
  return { ...relabelled(after, order, after.count), filled: outFilled, marks };
}

/** The marked regions as they are, no second merging: `filled` and `marks` from splitFeatureMarks. */
function markedResult(marked: Segmentation, filled: Uint8Array, marks: number): MarkedRegions {
  return { ...marked, filled, marks };
}

/**
 * Whether a line between two regions that are not marks runs through `near` (the band round the
 * marks): only then can the second merging change anything, and most pages skip it.
 */
function linesNear(labels: Int32Array, near: Uint8Array, isMark: Uint8Array, width: number, height: number): boolean {
  for (let i = 0; i < labels.length; i++) {
    if (!near[i] || isMark[i]) continue;
    const x = i % width;
    if (x + 1 < width && !isMark[i + 1] && labels[i + 1] !== labels[i]) return true;
    if (i + width < width * height && !isMark[i + width] && labels[i + width] !== labels[i]) return true;
  }
  return false;
}

/** Width of the band round a mark whose boundary evidence the second merging ignores, working pixels. */
const MARK_HALO = 3;
