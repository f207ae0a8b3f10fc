// The canvas the links are drawn on, under the nodes (see linkPainter.ts). It redraws on the next
// animation frame after the view moves, a node is dragged, or what it draws changes; with
// particles in view it keeps drawing frames. React renders it once: no state changes per frame.
import { useStoreApi } from '@xyflow/react';
import { memo, useEffect, useRef } from 'react';
import classes from './GraphMap.module.css';
import { paintLinks, type Centres, type LinkCurves, type PaintedLink } from './linkPainter';
import type { MapFlowNode } from './MapNodes';

type FlowStore = ReturnType<typeof useStoreApi<MapFlowNode>>;

/** A node's centre as React Flow holds it now (a dragged node where it is dragged). */
export function centresOf(store: FlowStore): Centres {
  const { nodeLookup } = store.getState();
  return (key) => {
    const node = nodeLookup.get(key);
    if (!node) return undefined;
    const width = node.measured.width ?? node.width ?? 0;
    const height = node.measured.height ?? node.height ?? 0;
    return {
      x: node.internals.positionAbsolute.x + width / 2,
      y: node.internals.positionAbsolute.y + height / 2,
    };
  };
}

export const LinkCanvas = memo(function LinkCanvas({
  links,
  curves,
  highlighted,
  selected,
}: {
  links: readonly PaintedLink[];
  curves: LinkCurves;
  highlighted: ReadonlySet<string>;
  selected: ReadonlySet<string>;
}) {
  const store = useStoreApi<MapFlowNode>();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef({ links, highlighted, selected });
  const requestRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let frame = 0;
    const draw = (now: number) => {
      frame = 0;
      const state = store.getState();
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(state.width * ratio);
      const height = Math.round(state.height * ratio);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      const [x, y, zoom] = state.transform;
      const { links: shown, highlighted: lit, selected: chosen } = drawing.current;
      const animated = paintLinks(
        context,
        { x, y, zoom, width: state.width, height: state.height },
        shown,
        centresOf(store),
        curves,
        { highlighted: lit, selected: chosen, now, pixelRatio: ratio },
      );
      if (animated) request();
    };
    const request = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    requestRef.current = request;
    const unsubscribe = store.subscribe((state, previous) => {
      if (
        state.transform !== previous.transform ||
        state.nodes !== previous.nodes ||
        state.width !== previous.width ||
        state.height !== previous.height
      )
        request();
    });
    request();
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [store, curves]);

  useEffect(() => {
    if (drawing.current.links !== links) curves.clear();
    drawing.current = { links, highlighted, selected };
    requestRef.current();
  }, [links, highlighted, selected, curves]);

  return <canvas ref={canvasRef} className={classes.links} aria-hidden />;
});
