import type { ImageDto } from '@studio/contracts/images';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { fetchKeptPicture, type ColouredDto } from '../api/colouring-api';
import { ColouringBoard, FILL_FRAME_MEASURE, READY_MARK } from '../lib/colouring-board';
import { NO_COLOUR } from '../lib/colouring-history';
import { hexToPixel, PALETTE, withRecent } from '../lib/colours';
import type { LayerRegions } from '../lib/layer-runs';
import { regionAt } from '../lib/paint-layer';
import { keyboardRegions, nextRegion, type Direction } from '../lib/region-navigation';
import { loadColours, saveColours } from '../lib/saved-colours';
import { bringIntoView, clampView, fitView, TAP_SLOP, toPage, zoomAt, type Frame, type View } from '../lib/view-transform';
import { createColouringWorker, type ColouringWorker } from '../worker/colouring-worker-client';
import { ColouringActions } from './colouring-actions';
import { ColouringToolbar } from './colouring-toolbar';
import { Palette } from './palette';

const RECENT_KEY = 'colouring.recent';
/** Keyboard stops skip specks smaller than this share of the page (letters of a credit line). */
const KEYBOARD_MIN_AREA = 0.0002;

function readRecent(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && /^#[0-9a-f]{6}$/.test(item)) : [];
  } catch {
    return [];
  }
}

interface Ready {
  layer: LayerRegions;
  width: number;
  height: number;
}

interface Gesture {
  kind: 'press' | 'pan' | 'pinch';
  startX: number;
  startY: number;
  view: View;
  distance: number;
  midX: number;
  midY: number;
  /** A pinch or a pan happened: nothing this gesture does fills. */
  moved: boolean;
}

export interface ColouringStudioProps {
  image: ImageDto;
  master: Blob;
  kept: ColouredDto | null;
  title: string;
}

/**
 * The colouring view of a page: the colour layer under the page's own lines, a palette with
 * recent colours, eraser, undo/redo, zoom and pan (pinch and two-finger pan on phones, wheel and
 * buttons on desktop), keyboard reach, and Print / Save picture / Keep in My creations.
 */
export function ColouringStudio({ image, master, kept, title }: ColouringStudioProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);
  const workerRef = useRef<ColouringWorker | null>(null);
  const boardRef = useRef<ColouringBoard | null>(null);
  const viewRef = useRef<View>({ scale: 1, x: 0, y: 0 });
  const frameSizeRef = useRef<Frame | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const saveTimer = useRef<number | undefined>(undefined);
  const focusRegionRef = useRef(0);
  /** The focus ring shows while the keyboard moves it; a tap hides it. */
  const ringShown = useRef(false);
  const keptRef = useRef(kept);

  const [ready, setReady] = useState<Ready | null>(null);
  const [failed, setFailed] = useState(false);
  const [colour, setColour] = useState<string>(PALETTE[6].hex);
  const [erasing, setErasing] = useState(false);
  const [recent, setRecent] = useState<string[]>(readRecent);
  const [history, setHistory] = useState({ canUndo: false, canRedo: false, coloured: false });
  const [announcement, setAnnouncement] = useState('');
  const [masterUrl] = useState(() => URL.createObjectURL(master));

  useEffect(() => () => URL.revokeObjectURL(masterUrl), [masterUrl]);

  const stops = useMemo(() => (ready ? keyboardRegions(ready.layer.areas, ready.layer.anchors, ready.width * ready.height * KEYBOARD_MIN_AREA) : []), [ready]);

  /** Frame size and the page's size in it at scale 1 (fitted, CSS pixels). */
  const measure = useCallback((): Frame | null => {
    const frame = frameRef.current;
    if (!frame || !frame.clientWidth || !frame.clientHeight) return null;
    const fit = Math.min(frame.clientWidth / image.dimensions.width, frame.clientHeight / image.dimensions.height);
    return { frameWidth: frame.clientWidth, frameHeight: frame.clientHeight, pageWidth: image.dimensions.width * fit, pageHeight: image.dimensions.height * fit };
  }, [image.dimensions.width, image.dimensions.height]);

  const placeMarker = useCallback(
    (region: number) => {
      const marker = markerRef.current;
      const frame = frameSizeRef.current;
      const layer = boardRef.current?.layer;
      if (!marker) return;
      if (!region || !frame || !layer) {
        marker.hidden = true;
        return;
      }
      const view = viewRef.current;
      const px = (layer.anchors[2 * region] / image.dimensions.width) * frame.pageWidth;
      const py = (layer.anchors[2 * region + 1] / image.dimensions.height) * frame.pageHeight;
      marker.hidden = false;
      marker.style.transform = `translate(${view.x + px * view.scale}px, ${view.y + py * view.scale}px) translate(-50%, -50%)`;
    },
    [image.dimensions.width, image.dimensions.height],
  );

  const applyView = useCallback(
    (view: View) => {
      viewRef.current = view;
      const stage = stageRef.current;
      const frame = frameSizeRef.current;
      if (stage && frame) {
        stage.style.width = `${frame.pageWidth}px`;
        stage.style.height = `${frame.pageHeight}px`;
        stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
      }
      placeMarker(ringShown.current ? focusRegionRef.current : 0);
    },
    [placeMarker],
  );

  const syncHistory = useCallback(() => {
    const board = boardRef.current;
    if (!board) return;
    const next = { canUndo: board.history.canUndo, canRedo: board.history.canRedo, coloured: board.history.colouredRegions().length > 0 };
    setHistory((current) => (current.canUndo === next.canUndo && current.canRedo === next.canRedo && current.coloured === next.coloured ? current : next));
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => saveColours(image.id, board.colours), 400);
  }, [image.id]);

  /** The board on the canvas, the view fitted, and any picture in progress (or kept) picked up. */
  const start = useCallback(
    async (worker: ColouringWorker, layer: LayerRegions, isCancelled: () => boolean) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      canvas.width = layer.width;
      canvas.height = layer.height;
      const context = canvas.getContext('2d')!;
      const board = new ColouringBoard(context, layer, (width, height) => context.createImageData(width, height));
      boardRef.current = board;
      const frame = measure();
      frameSizeRef.current = frame;
      if (frame) applyView(fitView(frame));
      const inProgress = loadColours(image.id, layer.count);
      if (inProgress) {
        board.restore(inProgress);
        setAnnouncement(t('colouring.restored'));
      } else if (keptRef.current) {
        const colours = await fetchKeptPicture(keptRef.current.url)
          .then((png) => worker.read(png))
          .catch(() => null);
        if (colours && !isCancelled()) {
          board.restore(colours);
          setAnnouncement(t('colouring.restoredKept'));
        }
      }
      if (!isCancelled()) syncHistory();
    },
    [image.id, measure, applyView, syncHistory, t],
  );

  // Load: measure the frame, ask the worker for the regions at the page's size on this screen.
  useEffect(() => {
    const frame = measure();
    frameSizeRef.current = frame;
    const worker = createColouringWorker();
    workerRef.current = worker;
    // Colour under the lines needs no more than two layer pixels per CSS pixel: the lines come from the
    // master itself, and a bigger layer only makes every fill of a big region upload more.
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const layerWidth = Math.ceil((frame?.pageWidth ?? 600) * dpr);
    let cancelled = false;
    worker
      .load(master, layerWidth)
      .then(async (loaded) => {
        if (cancelled) return;
        setReady({ layer: loaded.layer, width: loaded.width, height: loaded.height });
        performance.mark(READY_MARK, { detail: loaded.timings });
        await start(worker, loaded.layer, () => cancelled);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      worker.close();
      workerRef.current = null;
      boardRef.current = null;
    };
    // The page is loaded once per mount; `start` reads the latest callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [master]);

  // The frame changes size (rotation, a window resized): the page is fitted again.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const size = measure();
      if (!size) return;
      const previous = frameSizeRef.current;
      frameSizeRef.current = size;
      applyView(previous && previous.pageWidth === size.pageWidth && previous.frameWidth === size.frameWidth ? clampView(viewRef.current, size) : fitView(size));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [measure, applyView]);

  const colourFor = useCallback(() => (erasing ? NO_COLOUR : hexToPixel(colour)), [erasing, colour]);

  const rememberColour = useCallback(() => {
    if (erasing) return;
    setRecent((list) => {
      const next = withRecent(list, colour);
      if (next.join() === list.join()) return list;
      try {
        localStorage.setItem(RECENT_KEY, JSON.stringify(next));
      } catch {
        // Without storage the recent colours last for this visit only.
      }
      return next;
    });
  }, [colour, erasing]);

  const fillRegion = useCallback(
    (region: number, since?: number) => {
      const board = boardRef.current;
      if (!board || !region) return false;
      const step = board.fill(region, colourFor(), since);
      if (!step) return false;
      rememberColour();
      syncHistory();
      return true;
    },
    [colourFor, rememberColour, syncHistory],
  );

  const undo = useCallback(() => {
    if (boardRef.current?.undo()) {
      syncHistory();
      setAnnouncement(t('colouring.undone'));
    }
  }, [syncHistory, t]);
  const redo = useCallback(() => {
    if (boardRef.current?.redo()) {
      syncHistory();
      setAnnouncement(t('colouring.redone'));
    }
  }, [syncHistory, t]);
  const startOver = useCallback(() => {
    if (boardRef.current?.startOver()) {
      syncHistory();
      setAnnouncement(t('colouring.clearedAll'));
    }
  }, [syncHistory, t]);

  const zoomBy = useCallback(
    (factor: number) => {
      const frame = frameSizeRef.current;
      if (!frame) return;
      applyView(zoomAt(viewRef.current, frame, factor, frame.frameWidth / 2, frame.frameHeight / 2));
    },
    [applyView],
  );
  const fit = useCallback(() => {
    const frame = frameSizeRef.current;
    if (frame) applyView(fitView(frame));
  }, [applyView]);

  // Undo and redo from anywhere on the screen (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y; ⌘ on a Mac).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  // Wheel zoom around the pointer (a listener that may cancel the page's scroll).
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const frame = frameSizeRef.current;
      if (!frame) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      applyView(zoomAt(viewRef.current, frame, Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [applyView]);

  function framePoint(event: { clientX: number; clientY: number }) {
    const rect = frameRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = framePoint(event);
    pointers.current.set(event.pointerId, point);
    const all = [...pointers.current.values()];
    if (all.length === 1) {
      gesture.current = { kind: 'press', startX: point.x, startY: point.y, view: viewRef.current, distance: 0, midX: point.x, midY: point.y, moved: false };
    } else if (all.length === 2) {
      const [a, b] = all;
      gesture.current = { kind: 'pinch', startX: 0, startY: 0, view: viewRef.current, distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2, moved: true };
    }
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    const point = framePoint(event);
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    const frame = frameSizeRef.current;
    if (!current || !frame) return;
    const all = [...pointers.current.values()];
    if (current.kind === 'pinch' && all.length >= 2) {
      const [a, b] = all;
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const midX = (a.x + b.x) / 2;
      const midY = (a.y + b.y) / 2;
      // Scale about the first midpoint, then follow the fingers' midpoint (two-finger pan).
      const zoomed = zoomAt(current.view, frame, distance / current.distance, current.midX, current.midY);
      applyView(clampView({ ...zoomed, x: zoomed.x + midX - current.midX, y: zoomed.y + midY - current.midY }, frame));
      return;
    }
    if (all.length !== 1) return;
    const dx = point.x - current.startX;
    const dy = point.y - current.startY;
    if (current.kind === 'press' && Math.hypot(dx, dy) > TAP_SLOP) {
      current.kind = 'pan';
      current.moved = true;
    }
    if (current.kind === 'pan') applyView(clampView({ ...current.view, x: current.view.x + dx, y: current.view.y + dy }, frame));
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other may pan on, but the gesture never fills.
      if (current) current.moved = true;
      if (current && pointers.current.size === 1) {
        const [rest] = [...pointers.current.values()];
        gesture.current = { ...current, kind: 'pan', startX: rest.x, startY: rest.y, view: viewRef.current };
      }
      return;
    }
    gesture.current = null;
    if (!current || current.kind !== 'press' || current.moved || event.type === 'pointercancel') return;
    fillAt(framePoint(event), event.timeStamp);
  }

  function fillAt(point: { x: number; y: number }, since: number) {
    const board = boardRef.current;
    const frame = frameSizeRef.current;
    if (!board || !frame) return;
    const page = toPage(viewRef.current, point.x, point.y);
    const perCss = board.layer.width / frame.pageWidth;
    // A finger on a line still colours the space it meant: the nearest one within about 6 CSS pixels.
    const region = regionAt(board.layer, page.x * perCss, page.y * perCss, Math.ceil((6 * perCss) / viewRef.current.scale));
    if (fillRegion(region, since)) {
      requestAnimationFrame(() => performance.measure(FILL_FRAME_MEASURE, { start: since, end: performance.now() }));
      focusRegionRef.current = region;
      ringShown.current = false;
      placeMarker(0);
    }
  }

  function moveFocus(region: number) {
    const frame = frameSizeRef.current;
    const layer = boardRef.current?.layer;
    focusRegionRef.current = region;
    ringShown.current = true;
    if (frame && layer && region) {
      const px = (layer.anchors[2 * region] / image.dimensions.width) * frame.pageWidth;
      const py = (layer.anchors[2 * region + 1] / image.dimensions.height) * frame.pageHeight;
      applyView(bringIntoView(viewRef.current, frame, px, py));
    }
    placeMarker(region);
    setAnnouncement(t('colouring.regionFocus', { index: stops.indexOf(region) + 1, count: stops.length }));
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const layer = boardRef.current?.layer;
    if (!layer) return;
    const directions: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    const direction = directions[event.key];
    if (direction) {
      event.preventDefault();
      moveFocus(nextRegion(layer.anchors, stops, focusRegionRef.current, direction));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const region = focusRegionRef.current || stops[0] || 0;
      if (!focusRegionRef.current) moveFocus(region);
      if (fillRegion(region, event.timeStamp)) setAnnouncement(erasing ? t('colouring.regionErased') : t('colouring.regionColoured'));
    } else if (event.key === 'Home') {
      event.preventDefault();
      moveFocus(stops[0] ?? 0);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(1.5);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomBy(1 / 1.5);
    } else if (event.key === '0') {
      event.preventDefault();
      fit();
    } else if (event.key === 'e' || event.key === 'E') {
      setErasing((value) => !value);
    }
  }

  function chooseColour(hex: string) {
    setColour(hex);
    setErasing(false);
  }

  const compose = useCallback(async () => {
    const worker = workerRef.current;
    const board = boardRef.current;
    if (!worker || !board) throw new Error('not ready');
    return worker.compose(board.colours);
  }, []);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-3">
        <ColouringToolbar
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          canStartOver={history.coloured}
          erasing={erasing}
          onUndo={undo}
          onRedo={redo}
          onToggleEraser={() => setErasing((value) => !value)}
          onZoomIn={() => zoomBy(1.5)}
          onZoomOut={() => zoomBy(1 / 1.5)}
          onFit={fit}
          onStartOver={startOver}
        />
        <div
          ref={frameRef}
          className="relative h-[min(60dvh,calc((100vw-2rem)*1.32))] min-h-72 touch-none overflow-hidden rounded-3xl bg-slate-100 ring-1 ring-slate-200 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 lg:h-[calc(100dvh-12rem)] lg:min-h-[28rem]"
          tabIndex={0}
          role="application"
          aria-roledescription={t('colouring.canvasRole')}
          aria-label={t('colouring.canvasLabel', { title })}
          aria-describedby="colouring-hint"
          data-testid="colouring-canvas"
          data-ready={ready ? 'true' : 'false'}
          data-regions={ready?.layer.count}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => event.preventDefault()}
        >
          <div ref={stageRef} className="absolute top-0 left-0 origin-top-left bg-white shadow-sm" data-testid="colouring-stage">
            <canvas ref={canvasRef} className="absolute inset-0 h-full w-full" aria-hidden="true" />
            <img src={masterUrl} alt="" draggable={false} className="pointer-events-none absolute inset-0 h-full w-full mix-blend-multiply" />
          </div>
          <div ref={markerRef} hidden className="pointer-events-none absolute top-0 left-0 size-8 rounded-full border-4 border-brand-600 bg-white/30 shadow-[0_0_0_3px_white]" data-testid="colouring-focus" />
          {!ready && !failed ? (
            <div className="absolute inset-0 flex items-center justify-center bg-white/70 text-brand-700">
              <Spinner label={t('colouring.preparing')} />
            </div>
          ) : null}
          {failed ? (
            <p role="alert" className="absolute inset-x-4 top-4 rounded-2xl bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200">
              {t('colouring.loadFailed')}
            </p>
          ) : null}
        </div>
        <p className="sr-only" aria-live="polite" data-testid="colouring-announcement">
          {announcement}
        </p>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <Palette colour={colour} erasing={erasing} recent={recent} onChoose={chooseColour} />
        <ColouringActions image={image} title={title} ready={ready !== null} hasColour={history.coloured} compose={compose} />
        <p id="colouring-hint" className="text-sm text-slate-600">
          {t('colouring.hint')}
        </p>
      </div>
    </div>
  );
}
