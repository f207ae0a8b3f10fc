// The shape of a link between two node centres, as force-graph (which the spec's link fields come
// from) draws it: straight, or a quadratic bend whose control point sits `curvature` × the link's
// length off its middle (0.5: a clear arc), clockwise or not; a link to its own node is a loop.
// Held as a cubic Bézier so every case trims, samples and prints alike. Pure: the canvas, the
// loop play and the SVG export share it.
import type { MapLinkStyle } from '@rules';

export interface Point {
  x: number;
  y: number;
}

/** A cubic Bézier: start, two control points, end. */
export interface Curve {
  p0: Point;
  p1: Point;
  p2: Point;
  p3: Point;
  straight: boolean;
}

/** Arrow lengths are in the spec's units (0 to 10, 6 by default); on screen a unit is this. */
export const ARROW_PX_PER_UNIT = 1.6;

/** The bend as a signed number: clockwise positive, counter-clockwise negative, straight 0. */
export function signedCurvature(style: Pick<MapLinkStyle, 'curvature' | 'curvatureType'>): number {
  if (style.curvatureType === 'straight') return 0;
  const value = Number(style.curvature);
  if (!Number.isFinite(value)) return 0;
  return style.curvatureType === 'counterClockwise' ? -value : value;
}

const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export function pointOn(curve: Curve, t: number): Point {
  const a = lerp(curve.p0, curve.p1, t);
  const b = lerp(curve.p1, curve.p2, t);
  const c = lerp(curve.p2, curve.p3, t);
  return lerp(lerp(a, b, t), lerp(b, c, t), t);
}

/** The direction of travel at t, in radians. */
export function angleOn(curve: Curve, t: number): number {
  const u = 1 - t;
  const dx =
    3 * u * u * (curve.p1.x - curve.p0.x) +
    6 * u * t * (curve.p2.x - curve.p1.x) +
    3 * t * t * (curve.p3.x - curve.p2.x);
  const dy =
    3 * u * u * (curve.p1.y - curve.p0.y) +
    6 * u * t * (curve.p2.y - curve.p1.y) +
    3 * t * t * (curve.p3.y - curve.p2.y);
  if (dx === 0 && dy === 0) return Math.atan2(curve.p3.y - curve.p0.y, curve.p3.x - curve.p0.x);
  return Math.atan2(dy, dx);
}

/** The part of a curve between t0 and t1 (de Casteljau, twice). */
export function subCurve(curve: Curve, t0: number, t1: number): Curve {
  const split = (c: Curve, t: number): [Curve, Curve] => {
    const a = lerp(c.p0, c.p1, t);
    const b = lerp(c.p1, c.p2, t);
    const d = lerp(c.p2, c.p3, t);
    const ab = lerp(a, b, t);
    const bd = lerp(b, d, t);
    const mid = lerp(ab, bd, t);
    return [
      { p0: c.p0, p1: a, p2: ab, p3: mid, straight: c.straight },
      { p0: mid, p1: bd, p2: d, p3: c.p3, straight: c.straight },
    ];
  };
  const [, tail] = split(curve, t0);
  const [part] = split(tail, t0 >= 1 ? 0 : (t1 - t0) / (1 - t0));
  return part;
}

/** The t where the curve leaves a circle of `radius` around its start (or, from the end, enters). */
function exitParameter(curve: Curve, radius: number, fromEnd: boolean): number {
  const centre = fromEnd ? curve.p3 : curve.p0;
  if (radius <= 0) return fromEnd ? 1 : 0;
  let inside = fromEnd ? 1 : 0;
  let outside = 0.5;
  if (distance(pointOn(curve, outside), centre) < radius) return outside;
  for (let step = 0; step < 18; step++) {
    const middle = (inside + outside) / 2;
    if (distance(pointOn(curve, middle), centre) < radius) inside = middle;
    else outside = middle;
  }
  return outside;
}

/** How big a link to a node's own self is, next to the node. */
const LOOP_SCALE = 2.6;

/**
 * A link's curve from centre to centre, trimmed to start and end at the nodes' edges (circles of
 * the given radii).
 */
export function linkCurve(
  source: Point,
  target: Point,
  curvature: number,
  sourceRadius = 0,
  targetRadius = 0,
): Curve {
  if (distance(source, target) < 1e-6) {
    // A self-link: a loop above the node, leaving right and coming back left.
    const r = Math.max(sourceRadius, 8);
    const side = r * Math.SQRT1_2;
    return {
      p0: { x: source.x + side, y: source.y - side },
      p1: { x: source.x + r * LOOP_SCALE, y: source.y - r * LOOP_SCALE * 1.6 },
      p2: { x: source.x - r * LOOP_SCALE, y: source.y - r * LOOP_SCALE * 1.6 },
      p3: { x: source.x - side, y: source.y - side },
      straight: false,
    };
  }
  let full: Curve;
  if (curvature === 0) {
    full = {
      p0: source,
      p1: lerp(source, target, 1 / 3),
      p2: lerp(source, target, 2 / 3),
      p3: target,
      straight: true,
    };
  } else {
    const length = distance(source, target);
    const angle = Math.atan2(target.y - source.y, target.x - source.x);
    const offset = length * curvature;
    const control = {
      x: (source.x + target.x) / 2 + offset * Math.cos(angle - Math.PI / 2),
      y: (source.y + target.y) / 2 + offset * Math.sin(angle - Math.PI / 2),
    };
    // The quadratic's control point as a cubic's two.
    full = {
      p0: source,
      p1: lerp(source, control, 2 / 3),
      p2: lerp(target, control, 2 / 3),
      p3: target,
      straight: false,
    };
  }
  const t0 = exitParameter(full, sourceRadius, false);
  const t1 = exitParameter(full, targetRadius, true);
  return t1 - t0 > 0.01 ? subCurve(full, t0, t1) : full;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The curve as an SVG path (also a CSS offset-path). */
export function curvePath(curve: Curve): string {
  const { p0, p1, p2, p3 } = curve;
  if (curve.straight) return `M ${round(p0.x)} ${round(p0.y)} L ${round(p3.x)} ${round(p3.y)}`;
  return `M ${round(p0.x)} ${round(p0.y)} C ${round(p1.x)} ${round(p1.y)} ${round(p2.x)} ${round(p2.y)} ${round(p3.x)} ${round(p3.y)}`;
}

/** An arrowhead (a triangle's points) at t, pointing along the curve, `length` px long. */
export function arrowPoints(curve: Curve, t: number, length: number): string {
  const tip = pointOn(curve, t);
  const angle = angleOn(curve, t);
  const half = length * 0.55;
  const back = { x: tip.x - length * Math.cos(angle), y: tip.y - length * Math.sin(angle) };
  const left = {
    x: back.x + half * Math.cos(angle + Math.PI / 2),
    y: back.y + half * Math.sin(angle + Math.PI / 2),
  };
  const right = {
    x: back.x + half * Math.cos(angle - Math.PI / 2),
    y: back.y + half * Math.sin(angle - Math.PI / 2),
  };
  return [tip, left, right].map((point) => `${round(point.x)},${round(point.y)}`).join(' ');
}
