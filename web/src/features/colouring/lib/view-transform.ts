/**
 * Zoom and pan of the page inside its frame: the page (drawn `pageWidth` × `pageHeight` CSS
 * pixels at scale 1) is shown at `scale`, its top-left corner at (x, y) in the frame.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Frame {
  frameWidth: number;
  frameHeight: number;
  pageWidth: number;
  pageHeight: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 8;

/** The whole page, centred. */
export function fitView(frame: Frame): View {
  return { scale: 1, x: (frame.frameWidth - frame.pageWidth) / 2, y: (frame.frameHeight - frame.pageHeight) / 2 };
}

/** Keeps the scale in range and the page in view: a page smaller than the frame stays centred, a bigger one covers it. */
export function clampView(view: View, frame: Frame): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale));
  const axis = (offset: number, page: number, size: number) => {
    const shown = page * scale;
    if (shown <= size) return (size - shown) / 2;
    return Math.min(0, Math.max(size - shown, offset));
  };
  return { scale, x: axis(view.x, frame.pageWidth, frame.frameWidth), y: axis(view.y, frame.pageHeight, frame.frameHeight) };
}

/** Zooms by `factor` keeping the page point under (fx, fy) (frame coordinates) where it is. */
export function zoomAt(view: View, frame: Frame, factor: number, fx: number, fy: number): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const applied = scale / view.scale;
  return clampView({ scale, x: fx - (fx - view.x) * applied, y: fy - (fy - view.y) * applied }, frame);
}

/** The page point (CSS pixels at scale 1) under a frame point. */
export function toPage(view: View, fx: number, fy: number): { x: number; y: number } {
  return { x: (fx - view.x) / view.scale, y: (fy - view.y) / view.scale };
}

/** Pans so a page point is in view (centred on it when it is not). */
export function bringIntoView(view: View, frame: Frame, px: number, py: number, margin = 24): View {
  const fx = view.x + px * view.scale;
  const fy = view.y + py * view.scale;
  if (fx >= margin && fy >= margin && fx <= frame.frameWidth - margin && fy <= frame.frameHeight - margin) return view;
  return clampView({ ...view, x: frame.frameWidth / 2 - px * view.scale, y: frame.frameHeight / 2 - py * view.scale }, frame);
}

/** Movement (CSS pixels) past which a press is a pan, not a tap: a tap that pans never fills. */
export const TAP_SLOP = 10;
