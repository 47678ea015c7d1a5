import type { LayerRegions } from '../lib/layer-runs';

/** What the page asks the colouring worker. */
export type WorkerRequest =
  | { id: number; type: 'load'; png: Blob; layerWidth: number }
  | { id: number; type: 'compose'; colours: Uint32Array }
  | { id: number; type: 'read'; png: Blob };

/** What the worker answers (same id). */
export type WorkerAnswer =
  | { id: number; type: 'loaded'; width: number; height: number; layer: LayerRegions; timings: { decodeMs: number; labelMs: number; layerMs: number } }
  | { id: number; type: 'composed'; png: Blob }
  | { id: number; type: 'read'; colours: Uint32Array }
  | { id: number; type: 'failed'; message: string };
