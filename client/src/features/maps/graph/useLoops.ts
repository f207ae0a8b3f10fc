import { useQuery } from '@apollo/client/react';
import {
  LOOP_MAX_COUNT,
  LOOP_MAX_LENGTH,
  MAP_PROGRESS_STATUSES,
  type FeedbackLoop,
  type LoopGraph,
  type LoopPolarity,
} from '@rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapEditorLoopsDocument } from '../../../gql/graphql';
import type { LoopsAnswer, LoopsRequest } from './loops.worker';
import { nameLoops, type NamedLoop, type Scene } from './scene';

export type { NamedLoop } from './scene';

/** Links change in bursts (a drag of a slider, undo pressed thrice): search once they settle. */
const LOOPS_DEBOUNCE_MS = 300;

export interface LoopsState {
  loops: NamedLoop[];
  truncated: boolean;
  /** A search is on its way (the list shown is the previous one). */
  searching: boolean;
}

const isPolarity = (value: string): value is LoopPolarity =>
  value === 'R' || value === 'B' || value === 'U';

const workerSupported = () => typeof Worker !== 'undefined';

/**
 * The feedback loops of what the map shows, searched in a Web Worker (the canvas stays smooth on
 * a dense map) again whenever the links change. Where the browser has no workers, a saved map's
 * loops come from the server (its saved custom links).
 */
export function useLoops(scene: Scene, loopGraph: LoopGraph, mapId: string | null): LoopsState {
  const [answer, setAnswer] = useState<{ loops: FeedbackLoop[]; truncated: boolean } | null>(null);
  const [searching, setSearching] = useState(false);
  const [workerFailed, setWorkerFailed] = useState(!workerSupported());
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);

  useEffect(() => {
    if (workerFailed) return;
    let worker: Worker;
    try {
      worker = new Worker(new URL('./loops.worker.ts', import.meta.url), { type: 'module' });
    } catch (error) {
      console.warn('The loop search worker did not start', error);
      setWorkerFailed(true);
      return;
    }
    worker.onmessage = ({ data }: MessageEvent<LoopsAnswer>) => {
      if (data.id !== requestRef.current) return;
      setAnswer(data.result);
      setSearching(false);
    };
    worker.onerror = (event) => {
      console.warn('The loop search worker failed', event.message);
      setWorkerFailed(true);
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, [workerFailed]);

  useEffect(() => {
    if (workerFailed) return;
    setSearching(true);
    const timer = window.setTimeout(() => {
      const request: LoopsRequest = {
        id: ++requestRef.current,
        graph: loopGraph,
        maxLength: LOOP_MAX_LENGTH,
        maxLoops: LOOP_MAX_COUNT,
      };
      workerRef.current?.postMessage(request);
    }, LOOPS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [loopGraph, workerFailed]);

  const server = useQuery(MapEditorLoopsDocument, {
    variables: { id: mapId ?? '' },
    skip: !workerFailed || !mapId,
  });

  const progressKeys = useMemo(
    () =>
      new Set(
        scene.nodes
          .filter(
            (node) =>
              node.kind === 'problem' &&
              (MAP_PROGRESS_STATUSES as readonly (string | null)[]).includes(node.status),
          )
          .map((node) => node.key),
      ),
    [scene],
  );

  const serverData = server.data;
  const fromServer = useMemo(
    () =>
      serverData
        ? {
            loops: serverData.mapLoops.loops.map((loop) => ({
              nodes: loop.nodes,
              links: loop.links,
              polarity: isPolarity(loop.polarity) ? loop.polarity : ('U' as const),
            })),
            truncated: serverData.mapLoops.truncated,
          }
        : null,
    [serverData],
  );
  const found = workerFailed ? fromServer : answer;

  const loops = useMemo(
    () => (found ? nameLoops(found.loops, progressKeys) : []),
    [found, progressKeys],
  );
  return {
    loops,
    truncated: found?.truncated ?? false,
    searching: workerFailed ? server.loading : searching,
  };
}
