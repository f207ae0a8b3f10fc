// What the viewer has picked out on the map and what the map points out: the canvas's selection,
// the node selected in 3D, a hovered loop, search matches, a found node highlighted for a moment,
// and the view's moves to them (fit, focus a node, show a few).
import type { GraphType } from '@rules';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NamedLoop } from './useLoops';

export interface Selection {
  nodes: string[];
  links: string[];
}
const NO_SELECTION: Selection = { nodes: [], links: [] };
const sameSelection = (a: Selection, b: Selection) =>
  a.nodes.join('\n') === b.nodes.join('\n') && a.links.join('\n') === b.links.join('\n');

/** How long a node found by Find Node or a search stays highlighted. */
const FOCUS_MS = 2500;

export function useMapSelection({
  mode,
  centres,
}: {
  mode: GraphType;
  centres: ReadonlyMap<string, { x: number; y: number }>;
}) {
  const flow = useReactFlow();
  const [selection, setSelectionState] = useState<Selection>(NO_SELECTION);
  const setSelection = useCallback(
    (next: Selection) =>
      setSelectionState((current) => (sameSelection(current, next) ? current : next)),
    [],
  );
  const [selected3d, setSelected3d] = useState<string | null>(null);

  // --- Highlights --------------------------------------------------------------------------------
  const [hoveredLoop, setHoveredLoop] = useState<NamedLoop | null>(null);
  const [matches, setMatches] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  useEffect(() => {
    if (!focused) return;
    const timer = window.setTimeout(() => setFocused(null), FOCUS_MS);
    return () => window.clearTimeout(timer);
  }, [focused]);
  const highlight = useMemo(() => {
    const nodes = new Set<string>(matches);
    const links = new Set<string>();
    if (hoveredLoop) {
      hoveredLoop.nodes.forEach((key) => nodes.add(key));
      hoveredLoop.links.forEach((id) => links.add(id));
    }
    if (focused) nodes.add(focused);
    return { nodes, links };
  }, [matches, hoveredLoop, focused]);

  // --- Finding things ----------------------------------------------------------------------------
  const [fitRequest, setFitRequest] = useState(0);
  const fit = () => {
    if (mode === '3D') setFitRequest((count) => count + 1);
    else void flow.fitView({ padding: 0.15, duration: 300 });
  };
  const focusNode = (key: string) => {
    setFocused(key);
    if (mode === '3D') return;
    const centre = centres.get(key);
    if (centre)
      void flow.setCenter(centre.x, centre.y, {
        zoom: Math.max(flow.getZoom(), 1.1),
        duration: 400,
      });
  };
  const showNodes = (keys: readonly string[]) => {
    if (mode === '3D' || keys.length === 0) return;
    void flow.fitView({
      nodes: keys.map((id) => ({ id })),
      padding: 0.25,
      duration: 400,
      maxZoom: 1.5,
    });
  };
  const onMatches = useCallback((keys: string[]) => setMatches(keys), []);

  return {
    selection,
    setSelection,
    selected3d,
    setSelected3d,
    setHoveredLoop,
    highlight,
    fitRequest,
    fit,
    focusNode,
    showNodes,
    onMatches,
  };
}
