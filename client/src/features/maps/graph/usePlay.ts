import { propagateSignal, type LoopGraph, type SignalStep } from '@rules';
import { useCallback, useEffect, useState } from 'react';

/** A step's tokens travel for this long; the next step starts after a pause. */
export const PLAY_TRAVEL_MS = 800;
export const PLAY_STEP_MS = 1200;

export interface PlayState {
  startKey: string;
  steps: SignalStep[];
  /** The step on screen (0-based). */
  index: number;
}

/**
 * The LOOPY-style play: a +1 change sent from a node travels the links step by step, each link
 * keeping or flipping its sign (propagateSignal). One state change per step; the tokens' travel
 * and the nodes' flashes are CSS animations.
 */
export function usePlay(graph: LoopGraph) {
  const [play, setPlay] = useState<PlayState | null>(null);

  useEffect(() => {
    if (!play) return;
    const timer = window.setTimeout(() => {
      setPlay((current) =>
        current && current.index + 1 < current.steps.length
          ? { ...current, index: current.index + 1 }
          : null,
      );
    }, PLAY_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [play]);

  /** Plays from a node; false when no link leaves it (nothing would move). */
  const start = useCallback(
    (startKey: string) => {
      const steps = propagateSignal(graph, startKey);
      if (steps.length === 0) return false;
      setPlay({ startKey, steps, index: 0 });
      return true;
    },
    [graph],
  );
  const stop = useCallback(() => setPlay(null), []);

  return { play, step: play ? (play.steps[play.index] ?? null) : null, start, stop };
}

/** Which nodes a step reaches, and whether the change arriving there is up or down overall. */
export function arrivals(step: SignalStep): Map<string, 1 | -1> {
  const sums = new Map<string, number>();
  for (const signal of step.signals) sums.set(signal.to, (sums.get(signal.to) ?? 0) + signal.sign);
  const result = new Map<string, 1 | -1>();
  for (const [key, sum] of sums) if (sum !== 0) result.set(key, sum > 0 ? 1 : -1);
  return result;
}
