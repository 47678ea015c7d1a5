/// <reference lib="webworker" />
import { composePicture, coloursFromPicture } from '../lib/compose-picture';
import { labelRegions, type PageRegions } from '../lib/label-regions';
import { buildLayerRegions, type LayerRegions } from '../lib/layer-runs';
import type { WorkerAnswer, WorkerRequest } from './messages';

/**
 * Off the main thread, so the screen keeps answering while a 2400×3150 page is read: decodes the
 * master PNG, labels its regions, builds the on-screen layer's runs, and later draws the full-size
 * coloured picture for Save and Print.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let page: { regions: PageRegions; layer: LayerRegions } | null = null;

async function decode(png: Blob): Promise<{ rgba: Uint8ClampedArray; width: number; height: number }> {
  const bitmap = await createImageBitmap(png, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { rgba: context.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width, height: canvas.height };
}

async function answer(request: WorkerRequest): Promise<{ message: WorkerAnswer; transfer: Transferable[] }> {
  if (request.type === 'load') {
    const started = performance.now();
    const { rgba, width, height } = await decode(request.png);
    const decoded = performance.now();
    const regions = labelRegions(rgba, width, height, 4);
    const labelled = performance.now();
    const layerWidth = Math.max(1, Math.min(width, Math.round(request.layerWidth)));
    const layerHeight = Math.max(1, Math.round((layerWidth * height) / width));
    const layer = buildLayerRegions(regions, layerWidth, layerHeight);
    page = { regions, layer };
    const timings = { decodeMs: decoded - started, labelMs: labelled - decoded, layerMs: performance.now() - labelled };
    // The page keeps its own copy of what it paints with; the worker keeps the master labels.
    const copy: LayerRegions = { ...layer, labels: layer.labels.slice(), runs: layer.runs.slice(), runStart: layer.runStart.slice(), boxes: layer.boxes.slice(), anchors: layer.anchors.slice(), areas: layer.areas.slice() };
    return {
      message: { id: request.id, type: 'loaded', width, height, layer: copy, timings },
      transfer: [copy.labels.buffer, copy.runs.buffer, copy.runStart.buffer, copy.boxes.buffer, copy.anchors.buffer, copy.areas.buffer],
    };
  }
  if (!page) throw new Error('no page loaded');
  const { regions, layer } = page;
  if (request.type === 'compose') {
    const rgba = composePicture(regions.labels, request.colours);
    const canvas = new OffscreenCanvas(regions.width, regions.height);
    canvas.getContext('2d')!.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, regions.width, regions.height), 0, 0);
    return { message: { id: request.id, type: 'composed', png: await canvas.convertToBlob({ type: 'image/png' }) }, transfer: [] };
  }
  const picture = await decode(request.png);
  if (picture.width !== regions.width || picture.height !== regions.height) throw new Error('the kept picture is not this page’s size');
  const colours = coloursFromPicture(picture.rgba, picture.width, layer.anchors, regions.count);
  return { message: { id: request.id, type: 'read', colours }, transfer: [colours.buffer] };
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  answer(event.data).then(
    ({ message, transfer }) => scope.postMessage(message, transfer),
    (error: unknown) => scope.postMessage({ id: event.data.id, type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer),
  );
};
