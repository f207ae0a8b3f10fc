import { describe, expect, it } from 'vitest';
import {
  LOOP_MAX_COUNT,
  LOOP_MAX_LENGTH,
  SIGNAL_MAX_ACTIVE,
  findFeedbackLoops,
  loopsThrough,
  propagateSignal,
  type LinkType,
  type LoopGraph,
  type LoopGraphLink,
} from '@rules';

/** A graph from `[id, source, target, type]` rows; its nodes are every key the links name. */
function graphOf(
  rows: readonly (readonly [string, string, string, LinkType])[],
  extraNodes: readonly string[] = [],
): LoopGraph {
  const links = rows.map(([id, source, target, type]) => ({ id, source, target, type }));
  const nodes = new Set([...extraNodes, ...links.flatMap((link) => [link.source, link.target])]);
  return { nodes: [...nodes], links };
}

/** Each loop as `nodes / links / polarity`, to compare whole results at a glance. */
const described = (graph: LoopGraph, options?: { maxLength?: number; maxLoops?: number }) =>
  findFeedbackLoops(graph, options).loops.map(
    (loop) => `${loop.nodes.join(' ')} / ${loop.links.join(' ')} / ${loop.polarity}`,
  );

/** A small linear congruential generator: the same "random" graph on every run. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** Every link between five nodes in both directions: 84 elementary circuits. */
const completeGraphOfFive = graphOf(
  ['a', 'b', 'c', 'd', 'e'].flatMap((source) =>
    ['a', 'b', 'c', 'd', 'e']
      .filter((target) => target !== source)
      .map((target) => [`${source}${target}`, source, target, 'cld+'] as const),
  ),
);

describe('findFeedbackLoops', () => {
  it('finds a reinforcing loop between two nodes linked cld+ both ways', () => {
    const graph = graphOf([
      ['ab', 'problem:a', 'problem:b', 'cld+'],
      ['ba', 'problem:b', 'problem:a', 'cld+'],
    ]);
    expect(findFeedbackLoops(graph)).toEqual({
      loops: [{ nodes: ['problem:a', 'problem:b'], links: ['ab', 'ba'], polarity: 'R' }],
      truncated: false,
    });
  });

  it('calls a three-node loop with one cld- link balancing and starts it at its smallest key', () => {
    const graph = graphOf([
      ['bc', 'waypoint:b', 'waypoint:c', 'cld-'],
      ['ca', 'waypoint:c', 'waypoint:a', 'cld+'],
      ['ab', 'waypoint:a', 'waypoint:b', 'cld+'],
    ]);
    expect(findFeedbackLoops(graph).loops).toEqual([
      {
        nodes: ['waypoint:a', 'waypoint:b', 'waypoint:c'],
        links: ['ab', 'bc', 'ca'],
        polarity: 'B',
      },
    ]);
  });

  it('calls a loop reinforcing when it has an even number of cld- links', () => {
    const graph = graphOf([
      ['ab', 'a', 'b', 'cld-'],
      ['bc', 'b', 'c', 'cld-'],
      ['ca', 'c', 'a', 'cld+'],
    ]);
    expect(described(graph)).toEqual(['a b c / ab bc ca / R']);
  });

  it('calls a loop unknown when one of its links is straight or curved', () => {
    const straight = graphOf([
      ['ab', 'a', 'b', 'cld-'],
      ['bc', 'b', 'c', 'straight'],
      ['ca', 'c', 'a', 'cld+'],
    ]);
    const curved = graphOf([
      ['ab', 'a', 'b', 'curved'],
      ['ba', 'b', 'a', 'cld-'],
    ]);
    expect(described(straight)).toEqual(['a b c / ab bc ca / U']);
    expect(described(curved)).toEqual(['a b / ab ba / U']);
  });

  it('finds both loops of a figure-eight once each', () => {
    const graph = graphOf([
      ['ab', 'a', 'b', 'cld+'],
      ['ba', 'b', 'a', 'cld-'],
      ['ac', 'a', 'c', 'cld+'],
      ['cd', 'c', 'd', 'cld+'],
      ['da', 'd', 'a', 'cld+'],
    ]);
    expect(described(graph)).toEqual(['a b / ab ba / B', 'a c d / ac cd da / R']);
  });

  it('finds a loop inside a bigger one and the bigger one, sorted by length', () => {
    // The ring a→b→c→d→e→a with the shortcut c→a.
    const graph = graphOf([
      ['ab', 'a', 'b', 'cld+'],
      ['bc', 'b', 'c', 'cld+'],
      ['cd', 'c', 'd', 'cld+'],
      ['de', 'd', 'e', 'cld+'],
      ['ea', 'e', 'a', 'cld-'],
      ['ca', 'c', 'a', 'cld+'],
    ]);
    expect(described(graph)).toEqual(['a b c / ab bc ca / R', 'a b c d e / ab bc cd de ea / B']);
  });

  it('finds every elementary circuit of densely linked nodes, none twice', () => {
    const graph = graphOf([
      ['ab', 'a', 'b', 'cld+'],
      ['ba', 'b', 'a', 'cld+'],
      ['bc', 'b', 'c', 'cld+'],
      ['cb', 'c', 'b', 'cld+'],
      ['ca', 'c', 'a', 'cld+'],
      ['ac', 'a', 'c', 'cld+'],
    ]);
    expect(described(graph)).toEqual([
      'a b / ab ba / R',
      'a c / ac ca / R',
      'b c / bc cb / R',
      'a b c / ab bc ca / R',
      'a c b / ac cb ba / R',
    ]);
    const loops = described(completeGraphOfFive, { maxLoops: 1000 });
    expect(loops).toHaveLength(84);
    expect(new Set(loops).size).toBe(84);
  });

  it('counts a self-link as a loop of one link', () => {
    const graph = graphOf([
      ['aa', 'a', 'a', 'cld-'],
      ['ab', 'a', 'b', 'cld+'],
      ['ba', 'b', 'a', 'cld+'],
    ]);
    expect(described(graph)).toEqual(['a / aa / B', 'a b / ab ba / R']);
  });

  it('gives parallel links of opposite sign a loop each: one reinforcing, one balancing', () => {
    const graph = graphOf([
      ['more', 'a', 'b', 'cld+'],
      ['less', 'a', 'b', 'cld-'],
      ['back', 'b', 'a', 'cld+'],
    ]);
    expect(described(graph)).toEqual(['a b / less back / B', 'a b / more back / R']);
  });

  it('ignores links to nodes the graph does not have', () => {
    const graph: LoopGraph = {
      nodes: ['a', 'b'],
      links: [
        { id: 'ab', source: 'a', target: 'b', type: 'cld+' },
        { id: 'bGone', source: 'b', target: 'gone', type: 'cld+' },
        { id: 'goneA', source: 'gone', target: 'a', type: 'cld+' },
        { id: 'goneGone', source: 'gone', target: 'gone', type: 'cld+' },
      ],
    };
    expect(findFeedbackLoops(graph)).toEqual({ loops: [], truncated: false });
  });

  it('leaves out loops longer than maxLength and says the list is truncated', () => {
    const ring = (length: number): LoopGraph =>
      graphOf(
        Array.from({ length }, (_, index) => {
          const from = `n${String(index).padStart(2, '0')}`;
          const to = `n${String((index + 1) % length).padStart(2, '0')}`;
          return [`${from}-${to}`, from, to, 'cld+'] as const;
        }),
      );
    expect(findFeedbackLoops(ring(LOOP_MAX_LENGTH)).loops).toHaveLength(1);
    expect(findFeedbackLoops(ring(LOOP_MAX_LENGTH))).toMatchObject({ truncated: false });
    expect(findFeedbackLoops(ring(LOOP_MAX_LENGTH + 1))).toEqual({ loops: [], truncated: true });

    const ringWithShortcut = graphOf([
      ['ab', 'a', 'b', 'cld+'],
      ['bc', 'b', 'c', 'cld+'],
      ['cd', 'c', 'd', 'cld+'],
      ['da', 'd', 'a', 'cld+'],
      ['ba', 'b', 'a', 'cld-'],
    ]);
    expect(findFeedbackLoops(ringWithShortcut, { maxLength: 3 })).toEqual({
      loops: [{ nodes: ['a', 'b'], links: ['ab', 'ba'], polarity: 'B' }],
      truncated: true,
    });
    expect(findFeedbackLoops(ringWithShortcut, { maxLength: 4 })).toMatchObject({
      truncated: false,
    });
  });

  it('does not call a list truncated when the long walks cannot come back', () => {
    // Links both ways along a chain: many long paths, but only loops of two links.
    const chain = graphOf(
      Array.from({ length: 30 }, (_, index) => {
        const from = `n${String(index).padStart(2, '0')}`;
        const to = `n${String(index + 1).padStart(2, '0')}`;
        return [
          [`${from}-${to}`, from, to, 'cld+'] as const,
          [`${to}-${from}`, to, from, 'cld+'] as const,
        ];
      }).flat(),
    );
    expect(findFeedbackLoops(chain)).toMatchObject({ truncated: false });
    expect(findFeedbackLoops(chain).loops).toHaveLength(30);
  });

  it('stops at maxLoops loops and says the list is truncated', () => {
    const capped = findFeedbackLoops(completeGraphOfFive, { maxLoops: 10 });
    expect(capped.loops).toHaveLength(10);
    expect(capped.truncated).toBe(true);
    expect(findFeedbackLoops(completeGraphOfFive).loops.length).toBeLessThanOrEqual(LOOP_MAX_COUNT);
  });

  it('does not call a list truncated when it holds exactly maxLoops loops', () => {
    const exact = findFeedbackLoops(completeGraphOfFive, { maxLoops: 84 });
    expect(exact.loops).toHaveLength(84);
    expect(exact.truncated).toBe(false);
  });

  it('gives the same result however the nodes and links are ordered', () => {
    const random = seededRandom(7);
    const base = completeGraphOfFive;
    for (let round = 0; round < 5; round++) {
      const reordered = {
        nodes: shuffled(base.nodes, random),
        links: shuffled(base.links, random),
      };
      expect(findFeedbackLoops(reordered)).toEqual(findFeedbackLoops(base));
      // Which loops make the cut must not depend on the order either.
      expect(findFeedbackLoops(reordered, { maxLoops: 7 })).toEqual(
        findFeedbackLoops(base, { maxLoops: 7 }),
      );
    }
  });

  it('does not change the graph it is given', () => {
    const graph = graphOf([
      ['cb', 'c', 'b', 'cld-'],
      ['ba', 'b', 'a', 'cld+'],
      ['ac', 'a', 'c', 'straight'],
      ['aa', 'a', 'a', 'cld+'],
    ]);
    const before = structuredClone(graph);
    const frozen: LoopGraph = Object.freeze({
      nodes: Object.freeze([...graph.nodes]),
      links: Object.freeze(graph.links.map((link) => Object.freeze({ ...link }))),
    });
    expect(findFeedbackLoops(frozen).loops).toHaveLength(2);
    expect(propagateSignal(frozen, 'a').length).toBeGreaterThan(0);
    findFeedbackLoops(graph);
    propagateSignal(graph, 'a');
    expect(graph).toEqual(before);
  });

  it('stays within its caps on a map of 2,000 nodes and 4,000 links', () => {
    const random = seededRandom(2024);
    const types: LinkType[] = ['cld+', 'cld-', 'cld+', 'straight'];
    const nodes = Array.from({ length: 2000 }, (_, index) => `problem:${index}`);
    const links: LoopGraphLink[] = Array.from({ length: 4000 }, (_, index) => ({
      id: `link:${index}`,
      source: nodes[Math.floor(random() * nodes.length)]!,
      target: nodes[Math.floor(random() * nodes.length)]!,
      type: types[index % types.length]!,
    }));
    const { loops } = findFeedbackLoops({ nodes, links });
    expect(loops.length).toBeGreaterThan(0);
    expect(loops.length).toBeLessThanOrEqual(LOOP_MAX_COUNT);
    for (const loop of loops) {
      expect(loop.links.length).toBeLessThanOrEqual(LOOP_MAX_LENGTH);
      expect(new Set(loop.nodes).size).toBe(loop.nodes.length);
    }
  });
});

describe('loopsThrough', () => {
  it('keeps the loops that pass through any of the given nodes', () => {
    const graph = graphOf([
      ['ab', 'problem:a', 'problem:b', 'cld+'],
      ['ba', 'problem:b', 'problem:a', 'cld+'],
      ['cd', 'problem:c', 'problem:d', 'cld-'],
      ['dc', 'problem:d', 'problem:c', 'cld+'],
      ['ee', 'problem:e', 'problem:e', 'cld+'],
    ]);
    const { loops } = findFeedbackLoops(graph);
    const solving = new Set(['problem:b', 'problem:e', 'problem:unknown']);
    expect(loopsThrough(loops, solving).map((loop) => loop.links)).toEqual([['ee'], ['ab', 'ba']]);
    expect(loopsThrough(loops, new Set())).toEqual([]);
  });
});

describe('propagateSignal', () => {
  const cycle = graphOf([
    ['ab', 'a', 'b', 'cld-'],
    ['bc', 'b', 'c', 'cld+'],
    ['ca', 'c', 'a', 'straight'],
  ]);

  it('flips the sign over a cld- link, keeps it over cld+ and passes it over a plain link', () => {
    expect(propagateSignal(cycle, 'a', { steps: 4 })).toEqual([
      { step: 1, signals: [{ linkId: 'ab', from: 'a', to: 'b', sign: -1 }] },
      { step: 2, signals: [{ linkId: 'bc', from: 'b', to: 'c', sign: -1 }] },
      { step: 3, signals: [{ linkId: 'ca', from: 'c', to: 'a', sign: -1 }] },
      { step: 4, signals: [{ linkId: 'ab', from: 'a', to: 'b', sign: 1 }] },
    ]);
  });

  it('stops after the default number of steps, or earlier where the links end', () => {
    expect(propagateSignal(cycle, 'a')).toHaveLength(8);
    const chain = graphOf([
      ['ab', 'a', 'b', 'cld+'],
      ['bc', 'b', 'c', 'cld-'],
    ]);
    expect(propagateSignal(chain, 'a').map((step) => step.step)).toEqual([1, 2]);
    expect(propagateSignal(chain, 'missing')).toEqual([]);
  });

  it('keeps the first signals when they would pass the cap', () => {
    // Two links each way: the signals double every step, 256 by step 8.
    const doubling = graphOf([
      ['ab1', 'a', 'b', 'cld+'],
      ['ab2', 'a', 'b', 'cld-'],
      ['ba1', 'b', 'a', 'cld+'],
      ['ba2', 'b', 'a', 'cld+'],
    ]);
    const steps = propagateSignal(doubling, 'a');
    expect(steps.map((step) => step.signals.length)).toEqual([2, 4, 8, 16, 32, 64, 128, 200]);
    expect(steps[7]!.signals.length).toBe(SIGNAL_MAX_ACTIVE);
    expect(steps[0]!.signals.map((signal) => [signal.linkId, signal.sign])).toEqual([
      ['ab1', 1],
      ['ab2', -1],
    ]);
  });
});
