// The map's feedback loops (all, or those through a progress node) and the play: the nodes it
// can start from, the one chosen (the selected node, when it can), starting and stopping.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify';
import type { LoopFilter } from './Panels';
import { loopGraphOf, type Scene } from './scene';
import { useLoops } from './useLoops';
import { usePlay } from './usePlay';

export function useLoopsAndPlay({
  scene,
  mapId,
  selectedNode,
}: {
  scene: Scene;
  mapId: string | null;
  /** The first node selected on the canvas: the play starts there when it can. */
  selectedNode: string | null;
}) {
  const { t } = useTranslation();
  const loopGraph = useMemo(() => loopGraphOf(scene), [scene]);
  const loops = useLoops(scene, loopGraph, mapId);
  const [loopFilter, setLoopFilter] = useState<LoopFilter>('all');
  const shownLoops = useMemo(
    () =>
      loopFilter === 'progress' ? loops.loops.filter((loop) => loop.throughProgress) : loops.loops,
    [loops.loops, loopFilter],
  );
  const player = usePlay(loopGraph);
  const [playFrom, setPlayFrom] = useState<string | null>(null);
  const playNodes = useMemo(() => {
    const sources = new Set(loopGraph.links.map((link) => link.source));
    return scene.nodes.filter((node) => sources.has(node.key));
  }, [scene, loopGraph]);

  const startPlay = (key: string | null) => {
    if (!key) return;
    if (!player.start(key)) notifyError(new Error(t('mapEditor:play.nothingToPlay')));
  };

  useEffect(() => {
    if (selectedNode && playNodes.some((node) => node.key === selectedNode))
      setPlayFrom(selectedNode);
  }, [selectedNode, playNodes]);

  return {
    loops,
    loopFilter,
    setLoopFilter,
    shownLoops,
    player,
    playFrom,
    setPlayFrom,
    playNodes,
    startPlay,
  };
}

export type LoopsAndPlay = ReturnType<typeof useLoopsAndPlay>;
