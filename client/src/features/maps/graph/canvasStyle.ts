// The canvas's run-time style rules: highlighted nodes (a loop hovered, search matches) and the
// play's flashes, by data-id. Changing them restyles the few nodes concerned without re-rendering
// any (links are painted: linkPainter.ts highlights those).
import { HIGHLIGHT_COLOR } from '@rules';
import { PLAY_TRAVEL_MS } from './usePlay';

/** A value inside a double-quoted CSS attribute selector. */
const quoted = (value: string) => `"${value.replace(/\\/gu, '\\\\').replace(/"/gu, '\\"')}"`;

const nodeSelector = (key: string, iconClass: string) =>
  `.react-flow__node[data-id=${quoted(key)}] .${iconClass}`;

export const FLASH_UP_COLOR = '#2F9E44';
export const FLASH_DOWN_COLOR = '#E03131';
const FLASH_MS = 900;

export interface CanvasStyleInput {
  nodes: ReadonlySet<string>;
  /** The play's current step: nodes reached going up (1) or down (-1). */
  flashes: ReadonlyMap<string, 1 | -1>;
  /** The step's number: alternating names restart a flash on a node reached twice in a row. */
  step: number;
  iconClass: string;
}

export function canvasStyleOf({ nodes, flashes, step, iconClass }: CanvasStyleInput): string {
  const rules: string[] = [];
  if (nodes.size > 0) {
    const selectors = [...nodes].map((key) => nodeSelector(key, iconClass)).join(',\n');
    rules.push(
      `${selectors} { filter: drop-shadow(0 0 3px ${HIGHLIGHT_COLOR}) drop-shadow(0 0 3px ${HIGHLIGHT_COLOR}); }`,
    );
  }
  if (flashes.size > 0) {
    const parity = step % 2;
    for (const [direction, color] of [
      [1, FLASH_UP_COLOR],
      [-1, FLASH_DOWN_COLOR],
    ] as const) {
      const name = `gm-flash-${direction === 1 ? 'up' : 'down'}-${parity}`;
      const keys = [...flashes].filter(([, sign]) => sign === direction).map(([key]) => key);
      if (keys.length === 0) continue;
      rules.push(
        `@keyframes ${name} { 0%, 100% { filter: none; } 35% { filter: drop-shadow(0 0 6px ${color}) drop-shadow(0 0 6px ${color}); } }`,
        `${keys.map((key) => nodeSelector(key, iconClass)).join(',\n')} { animation: ${name} ${FLASH_MS}ms ease-out ${PLAY_TRAVEL_MS}ms both; }`,
      );
    }
  }
  return rules.join('\n');
}
