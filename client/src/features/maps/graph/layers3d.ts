// A map's 3D layers: their order, and what a layer's plane shows beside its nodes: where it is and how big (around every node), its
// name's corner, and its axes' tick labels (values as typed, or dates or numbers over a range);
// and how big the 3D view's labels are drawn. Pure: the 3D view draws these, the tests check them.
import { LAYER_TICKS_MIN, type MapLayer } from '@rules';

export interface Bounds {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

const PLANE_MARGIN = 8;
const PLANE_MIN_SIZE = 40;

/** The planes' extent: every node's x and y, with a margin, at least PLANE_MIN_SIZE across. */
export function planeBounds(points: Iterable<{ x: number; y: number }>): Bounds {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    minX = Math.min(minX, point.x);
    maxX = Math.max(maxX, point.x);
    minY = Math.min(minY, point.y);
    maxY = Math.max(maxY, point.y);
  }
  if (!Number.isFinite(minX)) return { minX: -20, maxX: 20, minY: -20, maxY: 20 };
  const grow = (low: number, high: number) => {
    const missing = Math.max(0, PLANE_MIN_SIZE - (high - low)) / 2;
    return [low - PLANE_MARGIN - missing, high + PLANE_MARGIN + missing] as const;
  };
  const [x0, x1] = grow(minX, maxX);
  const [y0, y1] = grow(minY, maxY);
  return { minX: x0, maxX: x1, minY: y0, maxY: y1 };
}

/** Where a layer's name goes on its plane. */
export function textAnchor(layer: Pick<MapLayer, 'textPosition'>, bounds: Bounds) {
  const inset = 4;
  switch (layer.textPosition) {
    case 'topLeft':
      return { x: bounds.minX + inset, y: bounds.maxY - inset, align: 'left' as const };
    case 'topRight':
      return { x: bounds.maxX - inset, y: bounds.maxY - inset, align: 'right' as const };
    case 'bottomLeft':
      return { x: bounds.minX + inset, y: bounds.minY + inset, align: 'left' as const };
    case 'bottomRight':
      return { x: bounds.maxX - inset, y: bounds.minY + inset, align: 'right' as const };
    default:
      return {
        x: (bounds.minX + bounds.maxX) / 2,
        y: (bounds.minY + bounds.maxY) / 2,
        align: 'center' as const,
      };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` values spread evenly from `start` to `end`. */
function spread(start: number, end: number, count: number): number[] {
  const ticks = Math.max(LAYER_TICKS_MIN, Math.floor(count));
  return Array.from({ length: ticks }, (_, index) => start + ((end - start) * index) / (ticks - 1));
}

/** Values typed as a list ('Q1,Q2'), placed on that many ticks (at least two). */
function listed(values: string, count: number): string[] {
  const items = values
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (items.length >= LAYER_TICKS_MIN) return items;
  return Array.from({ length: Math.max(LAYER_TICKS_MIN, count) }, (_, index) => items[index] ?? '');
}

const roundValue = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The tick labels of a layer's axes. X: its listed values, or `xAxisNumTicks` dates from start to
 * end (formatted by `formatDate`); Y: its listed values, or `yAxisNumTicks` numbers over its range.
 */
export function axisTicks(
  layer: MapLayer,
  formatDate: (date: Date) => string,
): { x: string[]; y: string[] } {
  let x: string[];
  if (layer.xAxisUseDateRange) {
    const start = Date.parse(`${layer.xAxisStartDate}T00:00:00Z`);
    const end = Date.parse(`${layer.xAxisEndDate}T00:00:00Z`);
    x =
      Number.isFinite(start) && Number.isFinite(end)
        ? spread(start, Math.max(start, end), layer.xAxisNumTicks).map((time) =>
            formatDate(new Date(Math.round(time / DAY_MS) * DAY_MS)),
          )
        : listed(layer.xAxisValues, layer.xAxisNumTicks);
  } else {
    x = listed(layer.xAxisValues, layer.xAxisNumTicks);
  }
  const y = layer.yAxisUseRange
    ? spread(layer.yAxisStartValue, layer.yAxisEndValue, layer.yAxisNumTicks).map(roundValue)
    : listed(layer.yAxisValues, layer.yAxisNumTicks);
  return { x, y };
}

/** The layers with one moved from `from` to `to`. */
export function moveLayer(layers: readonly MapLayer[], from: number, to: number): MapLayer[] {
  if (from === to || from < 0 || to < 0 || from >= layers.length || to >= layers.length)
    return [...layers];
  const next = [...layers];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

// --- Labels --------------------------------------------------------------------------------------

/** The text's height in a label's texture (and on screen), as a share of the label's height. */
export const TEXT_SHARE = 0.7;
/** Labels never draw smaller than this on screen (CSS pixels of text): legible at any zoom. */
export const LABEL_MIN_TEXT_PX = 13;
/** A label wraps at this many ems (as the 2D map's labels under their icons), on two lines at most. */
export const LABEL_MAX_EMS = 12;
export const LABEL_MAX_LINES = 2;

/**
 * A label's lines: words filled up to `maxWidth` (as `measure` gives widths), at most `maxLines`;
 * what does not fit ends the last line with an ellipsis. A word longer than a line is cut.
 */
export function wrapLabel(
  text: string,
  measure: (text: string) => number,
  maxWidth: number,
  maxLines = LABEL_MAX_LINES,
): string[] {
  const fit = (line: string) => {
    if (measure(line) <= maxWidth) return line;
    let cut = line;
    while (cut.length > 1 && measure(`${cut}…`) > maxWidth) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const [index, word] of words.entries()) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measure(next) <= maxWidth) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1)
      return [...lines, fit(`${line} ${words.slice(index).join(' ')}`)];
    lines.push(fit(line));
    line = word;
  }
  return line ? [...lines, fit(line)] : lines;
}
/**
 * How much a label of world height `worldHeight` at `distance` from a perspective camera must grow
 * for its text to stand `minTextPx` tall on a canvas `canvasPx` tall: 1 when it already does (near,
 * it grows with the zoom), more when it is far (it keeps a legible size on screen).
 */
export function labelScale(
  worldHeight: number,
  distance: number,
  fovDegrees: number,
  canvasPx: number,
  minTextPx = LABEL_MIN_TEXT_PX,
): number {
  const perPx = worldPerPixel(distance, fovDegrees, canvasPx);
  return Math.max(1, ((minTextPx / TEXT_SHARE) * perPx) / worldHeight);
}

/** How many world units one CSS pixel of a canvas `canvasPx` tall spans at `distance`. */
export const worldPerPixel = (distance: number, fovDegrees: number, canvasPx: number) =>
  (2 * distance * Math.tan((fovDegrees * Math.PI) / 360)) / Math.max(1, canvasPx);

export interface ScreenRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Which labels show, given their boxes on screen in priority order (null: off screen or behind
 * the camera): each one that overlaps none shown before it, `gap` pixels apart. A crowded view
 * shows the first ones legibly instead of all of them on top of each other; zooming in makes room.
 */
export function unclutteredLabels(rects: readonly (ScreenRect | null)[], gap = 2): boolean[] {
  const shown: ScreenRect[] = [];
  return rects.map((rect) => {
    if (!rect) return false;
    const clear = shown.every(
      (other) =>
        rect.left >= other.right + gap ||
        other.left >= rect.right + gap ||
        rect.top >= other.bottom + gap ||
        other.top >= rect.bottom + gap,
    );
    if (clear) shown.push(rect);
    return clear;
  });
}
