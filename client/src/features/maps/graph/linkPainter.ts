// Links drawn on one canvas under the nodes: thousands of SVG paths cost the browser a raster of
// every one on each frame of a pan; a canvas is one bitmap, redrawn only with what is in view.
// Curves are kept per link while its ends stay put (a pan moves none), so a frame only culls and
// strokes. The same curves answer "which link is under the pointer" for clicks and menus.
import { HIGHLIGHT_COLOR, type MapLinkStyle } from '@rules';
import {
  angleOn,
  ARROW_PX_PER_UNIT,
  linkCurve,
  pointOn,
  type Curve,
  type Point,
} from './linkGeometry';

export const AUTO_LINK_COLOR = '#C3C8CF';
const SELECTED_COLOR = 'rgba(34, 139, 230, 0.35)';
/** A particle's speed is a share of the link per frame at 60 frames a second (force-graph's unit). */
const FRAMES_PER_SECOND = 60;
/** Zoomed out this far, link labels would be specks: they are left out. */
const LABELS_MIN_ZOOM = 0.35;
/** How close (screen pixels) the pointer must be to a link to hit it. */
const HIT_TOLERANCE_PX = 6;
const HIT_SAMPLES = 24;

/** What to draw of one link (custom or automatic). */
export interface PaintedLink {
  id: string;
  source: string;
  target: string;
  /** null: an automatic link (thin, light, an arrowhead at its end). */
  style: MapLinkStyle | null;
  curvature: number;
  text: string;
  particles: boolean;
  sourceRadius: number;
  targetRadius: number;
}

interface Cached {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  curve: Curve;
  box: { minX: number; minY: number; maxX: number; maxY: number };
}

export interface View {
  /** React Flow's transform: x, y, zoom. */
  x: number;
  y: number;
  zoom: number;
  width: number;
  height: number;
}

export type Centres = (key: string) => Point | undefined;

function boxOf(curve: Curve) {
  const xs = [curve.p0.x, curve.p1.x, curve.p2.x, curve.p3.x];
  const ys = [curve.p0.y, curve.p1.y, curve.p2.y, curve.p3.y];
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

/** The links' curves, recomputed only for a link whose ends moved. */
export class LinkCurves {
  private cache = new Map<string, Cached>();

  curveOf(link: PaintedLink, centres: Centres): Cached | null {
    const from = centres(link.source);
    const to = centres(link.target);
    if (!from || !to) return null;
    const cached = this.cache.get(link.id);
    if (
      cached &&
      cached.sx === from.x &&
      cached.sy === from.y &&
      cached.tx === to.x &&
      cached.ty === to.y
    )
      return cached;
    const curve = linkCurve(from, to, link.curvature, link.sourceRadius, link.targetRadius);
    const next = { sx: from.x, sy: from.y, tx: to.x, ty: to.y, curve, box: boxOf(curve) };
    this.cache.set(link.id, next);
    return next;
  }

  /** Forgets links no longer drawn (and styles changed: the caller clears then). */
  clear() {
    this.cache.clear();
  }
}

const inView = (
  box: Cached['box'],
  area: { minX: number; minY: number; maxX: number; maxY: number },
) =>
  box.maxX >= area.minX && box.minX <= area.maxX && box.maxY >= area.minY && box.minY <= area.maxY;

function strokeCurve(context: CanvasRenderingContext2D, curve: Curve) {
  context.moveTo(curve.p0.x, curve.p0.y);
  if (curve.straight) context.lineTo(curve.p3.x, curve.p3.y);
  else
    context.bezierCurveTo(curve.p1.x, curve.p1.y, curve.p2.x, curve.p2.y, curve.p3.x, curve.p3.y);
}

function arrow(context: CanvasRenderingContext2D, curve: Curve, t: number, length: number) {
  const tip = pointOn(curve, t);
  const angle = angleOn(curve, t);
  const half = length * 0.55;
  const backX = tip.x - length * Math.cos(angle);
  const backY = tip.y - length * Math.sin(angle);
  context.moveTo(tip.x, tip.y);
  context.lineTo(
    backX + half * Math.cos(angle + Math.PI / 2),
    backY + half * Math.sin(angle + Math.PI / 2),
  );
  context.lineTo(
    backX + half * Math.cos(angle - Math.PI / 2),
    backY + half * Math.sin(angle - Math.PI / 2),
  );
  context.closePath();
}

export interface PaintOptions {
  highlighted: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  /** Milliseconds, for the particles; null draws none. */
  now: number | null;
  pixelRatio: number;
}

/**
 * Draws the links in view. Returns whether a link in view has particles (the caller then keeps
 * drawing frames).
 */
export function paintLinks(
  context: CanvasRenderingContext2D,
  view: View,
  links: readonly PaintedLink[],
  centres: Centres,
  curves: LinkCurves,
  options: PaintOptions,
): boolean {
  const { zoom } = view;
  const ratio = options.pixelRatio;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, view.width * ratio, view.height * ratio);
  context.setTransform(zoom * ratio, 0, 0, zoom * ratio, view.x * ratio, view.y * ratio);
  const area = {
    minX: -view.x / zoom,
    minY: -view.y / zoom,
    maxX: (view.width - view.x) / zoom,
    maxY: (view.height - view.y) / zoom,
  };
  const shown: { link: PaintedLink; curve: Curve }[] = [];
  for (const link of links) {
    const cached = curves.curveOf(link, centres);
    if (cached && inView(cached.box, area)) shown.push({ link, curve: cached.curve });
  }

  // Automatic links first, all in one path: thin and light, under what people drew.
  context.beginPath();
  for (const { link, curve } of shown) if (!link.style) strokeCurve(context, curve);
  context.strokeStyle = AUTO_LINK_COLOR;
  context.lineWidth = 1;
  context.setLineDash([]);
  context.stroke();
  context.beginPath();
  for (const { link, curve } of shown) if (!link.style) arrow(context, curve, 1, 6);
  context.fillStyle = AUTO_LINK_COLOR;
  context.fill();

  let animated = false;
  for (const { link, curve } of shown) {
    const style = link.style;
    if (!style) continue;
    const highlighted = options.highlighted.has(link.id);
    if (options.selected.has(link.id)) {
      context.beginPath();
      strokeCurve(context, curve);
      context.strokeStyle = SELECTED_COLOR;
      context.lineWidth = style.width + 8;
      context.setLineDash([]);
      context.stroke();
    }
    context.beginPath();
    strokeCurve(context, curve);
    context.strokeStyle = highlighted ? HIGHLIGHT_COLOR : style.color;
    context.lineWidth = highlighted ? Math.max(style.width, 4) : style.width;
    context.setLineDash(style.dashed ? dashOf(style.dashPattern) : []);
    context.stroke();
    if (style.arrowEnabled && style.arrowLength > 0) {
      context.beginPath();
      arrow(
        context,
        curve,
        style.arrowPosition,
        style.arrowLength * ARROW_PX_PER_UNIT + style.width,
      );
      context.fillStyle = highlighted ? HIGHLIGHT_COLOR : style.arrowColor;
      context.fill();
    }
    if (link.particles && options.now !== null) {
      animated = true;
      const { count, size, speed, color } = style.particles;
      const seconds = 1 / (speed * FRAMES_PER_SECOND);
      context.fillStyle = color;
      for (let index = 0; index < count; index++) {
        const t = (options.now / 1000 / seconds + index / count) % 1;
        const at = pointOn(curve, t);
        context.beginPath();
        context.arc(at.x, at.y, Math.max(1, size), 0, Math.PI * 2);
        context.fill();
      }
    }
  }

  if (zoom >= LABELS_MIN_ZOOM) {
    context.setLineDash([]);
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    for (const { link, curve } of shown) {
      const style = link.style;
      if (!style || !link.text) continue;
      const middle = pointOn(curve, 0.5);
      context.font = `${style.fontSize}px system-ui, sans-serif`;
      const width = context.measureText(link.text).width + 8;
      context.globalAlpha = 0.85;
      context.fillStyle = style.fontBgColor;
      context.fillRect(
        middle.x - width / 2,
        middle.y - style.fontSize * 0.75,
        width,
        style.fontSize * 1.5,
      );
      context.globalAlpha = 1;
      context.fillStyle = style.fontColor;
      context.fillText(link.text, middle.x, middle.y);
    }
  }
  return animated;
}

/** A dash pattern as typed ('4 4', '6,3'), or none when it is not one. */
export function dashOf(pattern: string): number[] {
  const parts = pattern
    .split(/[\s,]+/u)
    .filter(Boolean)
    .map(Number);
  return parts.length > 0 && parts.every((part) => Number.isFinite(part) && part >= 0) ? parts : [];
}

/** The custom link nearest `point` (flow coordinates) within a few screen pixels, or null. */
export function linkAt(
  point: Point,
  zoom: number,
  links: readonly PaintedLink[],
  centres: Centres,
  curves: LinkCurves,
): string | null {
  const tolerance = HIT_TOLERANCE_PX / zoom;
  let best: { id: string; distance: number } | null = null;
  for (const link of links) {
    if (!link.style) continue;
    const cached = curves.curveOf(link, centres);
    if (!cached) continue;
    const reach = tolerance + link.style.width;
    const { box } = cached;
    if (point.x < box.minX - reach || point.x > box.maxX + reach) continue;
    if (point.y < box.minY - reach || point.y > box.maxY + reach) continue;
    let previous = pointOn(cached.curve, 0);
    for (let step = 1; step <= HIT_SAMPLES; step++) {
      const next = pointOn(cached.curve, step / HIT_SAMPLES);
      const distance = distanceToSegment(point, previous, next);
      if (distance <= reach && (!best || distance < best.distance))
        best = { id: link.id, distance };
      previous = next;
    }
  }
  return best?.id ?? null;
}

export function distanceToSegment(point: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0
      ? 0
      : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length));
  return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
}
