// What the 2D canvas draws over its nodes, in flow coordinates: each loop's name at its centre
// (Vensim style, R1, B2…) and the play's tokens travelling along the links.
import { useStore, ViewportPortal } from '@xyflow/react';
import { linkStyleOf, type MapLink, type SignalStep } from '@rules';
import { memo, type CSSProperties } from 'react';
import classes from './GraphMap.module.css';
import { curvePath, linkCurve, signedCurvature } from './linkGeometry';
import { PLAY_TRAVEL_MS } from './usePlay';
import type { NamedLoop } from './useLoops';

/** The colours of loop names; the letter says the same (R, B, U). */
export const LOOP_COLORS = { R: '#1E63E9', B: '#E53935', U: '#868E96' } as const;
/** More names than this would cover the map: the panel still lists every loop. */
const LOOP_LABELS_MAX = 100;

type Centres = ReadonlyMap<string, { x: number; y: number }>;

/** How much bigger loop names are drawn at a zoom: never smaller on screen than at 0.8, in steps. */
const labelScale = (zoom: number) =>
  Math.round((1 / Math.min(1, Math.max(zoom, 0.25) / 0.8)) * 4) / 4;

export const LoopLabels = memo(function LoopLabels({
  loops,
  centres,
}: {
  loops: readonly NamedLoop[];
  centres: Centres;
}) {
  // Zoomed out, names keep a readable size (a re-render only when the zoom crosses a step).
  const scale = useStore((state) => labelScale(state.transform[2]));
  return (
    <ViewportPortal>
      {loops.slice(0, LOOP_LABELS_MAX).map((loop) => {
        const points = loop.nodes.map((key) => centres.get(key)).filter((point) => !!point);
        if (points.length === 0) return null;
        let x = points.reduce((sum, point) => sum + point.x, 0) / points.length;
        let y = points.reduce((sum, point) => sum + point.y, 0) / points.length;
        // A loop of one node (a self-link) or two: beside the nodes, not on them.
        if (points.length === 1) y -= 70;
        if (points.length === 2) {
          const [a, b] = points as [{ x: number; y: number }, { x: number; y: number }];
          const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
          x += ((b.y - a.y) / length) * 28;
          y -= ((b.x - a.x) / length) * 28;
        }
        return (
          <div
            key={`${loop.name}-${loop.links.join(',')}`}
            className={classes.loopLabel}
            style={{
              left: x,
              top: y,
              color: LOOP_COLORS[loop.polarity],
              transform: `translate(-50%, -50%) scale(${scale})`,
            }}
            aria-hidden
          >
            {loop.name}
          </div>
        );
      })}
    </ViewportPortal>
  );
});

/** The play's step: a '+' or '−' token on each link a signal takes, from its source to its target. */
export function PlayTokens({
  step,
  index,
  links,
  centres,
}: {
  step: SignalStep;
  index: number;
  links: ReadonlyMap<string, MapLink>;
  centres: Centres;
}) {
  return (
    <ViewportPortal>
      {step.signals.map((signal, at) => {
        const from = centres.get(signal.from);
        const to = centres.get(signal.to);
        if (!from || !to) return null;
        const link = links.get(signal.linkId);
        const curvature = link ? signedCurvature(linkStyleOf(link)) : 0;
        const path = curvePath(linkCurve(from, to, curvature));
        const up = signal.sign > 0;
        return (
          <div
            key={`${index}-${at}`}
            className={`${classes.token} ${up ? classes.tokenUp : classes.tokenDown}`}
            style={
              {
                offsetPath: `path('${path}')`,
                '--gm-travel-ms': `${PLAY_TRAVEL_MS}ms`,
              } as CSSProperties
            }
            aria-hidden
          >
            {up ? '+' : '−'}
          </div>
        );
      })}
    </ViewportPortal>
  );
}
