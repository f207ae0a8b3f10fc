// What a map shows: the graph's nodes and automatic links as the draft's exclusions and settings
// select them, the custom links between shown nodes, each node's box, and the graph the loop
// search walks. Pure: the 2D and 3D views, the export and the tests share it.
import {
  MAP_NODE_KINDS,
  loopsThrough,
  mapNodeKey,
  type FeedbackLoop,
  type LoopPolarity,
  type LoopGraph,
  type MapLink,
  type MapNodeKind,
  type MapSettings,
} from '@rules';
import type { MapGraphFragment } from '../../../gql/graphql';
import type { MapDraft } from './mapDraft';

export type GraphNode = MapGraphFragment['nodes'][number];
export type GraphEdge = MapGraphFragment['edges'][number];

/** A node's kind; an unknown one (a newer server) is drawn as a waypoint. */
export const kindOf = (node: Pick<GraphNode, 'kind'>): MapNodeKind =>
  (MAP_NODE_KINDS as readonly string[]).includes(node.kind)
    ? (node.kind as MapNodeKind)
    : 'waypoint';

export interface Scene {
  nodes: GraphNode[];
  byKey: ReadonlyMap<string, GraphNode>;
  /** Automatic links between shown nodes. */
  edges: GraphEdge[];
  /** Custom links between shown nodes. */
  links: MapLink[];
}

/** A tag's node, as the server would send it when tags are shown. */
const tagNode = (tag: string): GraphNode => ({
  key: mapNodeKey('tag', tag),
  kind: 'tag',
  refId: tag,
  label: `#${tag}`,
  description: null,
  status: null,
  photoURL: null,
  tags: [],
  createdAt: null,
  lat: null,
  lng: null,
  canChangeStatus: false,
});

/**
 * The shown part of a graph. The server builds the graph from the saved settings, so an unsaved
 * change of them is applied here: tags are added from the nodes' own tags, participants and the
 * space's other solutions hidden (showing participants needs a save: only the server knows who
 * wrote what).
 */
export function sceneOf(graph: MapGraphFragment, draft: MapDraft): Scene {
  const { settings } = draft;
  const excluded = new Set(draft.excluded);
  const byKey = new Map<string, GraphNode>();
  for (const node of graph.nodes) {
    if (excluded.has(node.key)) continue;
    const kind = kindOf(node);
    if (kind === 'tag' && !settings.showTags) continue;
    if (kind === 'user' && !settings.showParticipants) continue;
    byKey.set(node.key, node);
  }
  const edges = new Map<string, GraphEdge>();
  for (const edge of graph.edges) edges.set(edge.key, edge);

  if (settings.showTags) {
    for (const node of [...byKey.values()]) {
      for (const tag of node.tags) {
        const tagKey = mapNodeKey('tag', tag);
        if (excluded.has(tagKey)) continue;
        if (!byKey.has(tagKey)) byKey.set(tagKey, tagNode(tag));
        const key = `tagged:${node.key}>${tagKey}`;
        if (!edges.has(key))
          edges.set(key, { key, source: node.key, target: tagKey, kind: 'tagged' });
      }
    }
  }

  if (!settings.showSpaceSolutions) {
    // Without the space's other solutions, a solution shows when it solves a problem shown.
    const solving = new Set<string>();
    for (const edge of edges.values()) {
      if (edge.kind === 'solves' && byKey.has(edge.target)) solving.add(edge.source);
    }
    for (const node of [...byKey.values()]) {
      if (kindOf(node) === 'solution' && !solving.has(node.key)) byKey.delete(node.key);
    }
  }

  const shown = (edge: { source: string; target: string }) =>
    byKey.has(edge.source) && byKey.has(edge.target);
  return {
    nodes: [...byKey.values()],
    byKey,
    edges: [...edges.values()].filter(shown),
    links: draft.links.filter(shown),
  };
}

/** The loop search's graph: custom links with their types, automatic ones without a polarity. */
export function loopGraphOf(scene: Scene): LoopGraph {
  return {
    nodes: scene.nodes.map((node) => node.key),
    links: [
      ...scene.links.map(({ id, source, target, type }) => ({ id, source, target, type })),
      ...scene.edges.map((edge) => ({
        id: edge.key,
        source: edge.source,
        target: edge.target,
        type: 'straight' as const,
      })),
    ],
  };
}

// --- Node boxes ----------------------------------------------------------------------------------

/** Screen pixels per unit of the settings' node size (10 by default: 30 px icons). */
export const NODE_PX_PER_SIZE = 3;
/** Screen pixels per unit of the settings' node font size (8 by default: 12 px labels). */
export const FONT_PX_PER_SIZE = 1.5;
/** How wide a label under an icon may be before it wraps. */
export const NODE_LABEL_WIDTH = 140;

export interface NodeBox {
  /** The icon's box: what the canvas positions, links start at its centre. */
  width: number;
  height: number;
  /** With the label under it: what the automatic layout keeps apart. */
  layoutWidth: number;
  layoutHeight: number;
}

export const iconSizeOf = (settings: Pick<MapSettings, 'nodeSize'>) =>
  Math.round(settings.nodeSize * NODE_PX_PER_SIZE);
export const labelSizeOf = (settings: Pick<MapSettings, 'nodeFontSize'>) =>
  Math.round(settings.nodeFontSize * FONT_PX_PER_SIZE);

/** A tag is a pill with its name inside; every other node an icon with its label under it. */
export function nodeBoxOf(
  node: Pick<GraphNode, 'kind' | 'label'>,
  settings: Pick<MapSettings, 'nodeSize' | 'nodeFontSize'>,
): NodeBox {
  const icon = iconSizeOf(settings);
  const font = labelSizeOf(settings);
  if (kindOf(node) === 'tag') {
    const width = Math.round(Math.min(node.label.length, 30) * font * 0.62 + font * 1.6);
    const height = Math.round(font * 2);
    return { width, height, layoutWidth: width, layoutHeight: height };
  }
  return {
    width: icon,
    height: icon,
    layoutWidth: Math.max(icon, NODE_LABEL_WIDTH),
    layoutHeight: icon + font * 3,
  };
}

// --- Search and loops ---------------------------------------------------------------------------

export type SearchMode = 'name' | 'tags';

/** The nodes a search finds: by words of their label, or by any of the tags chosen. */
export function searchNodes(
  nodes: readonly GraphNode[],
  mode: SearchMode,
  text: string,
  tags: readonly string[],
): GraphNode[] {
  if (mode === 'name') {
    const needle = text.trim().toLowerCase();
    if (!needle) return [];
    return nodes.filter((node) => node.label.toLowerCase().includes(needle));
  }
  if (tags.length === 0) return [];
  const wanted = new Set(tags.map((tag) => tag.replace(/^#/u, '').toLowerCase()));
  return nodes.filter(
    (node) =>
      node.tags.some((tag) => wanted.has(tag.toLowerCase())) ||
      (kindOf(node) === 'tag' && wanted.has(node.refId.toLowerCase())),
  );
}

/** A loop as the panel and the canvas name it: R1, B2, U3 (numbered per polarity). */
export interface NamedLoop extends FeedbackLoop {
  name: string;
  /** It passes a problem whose status is solving or solved. */
  throughProgress: boolean;
}

/** Names loops per polarity in their order (shortest first) and marks those through progress. */
export function nameLoops(
  loops: readonly FeedbackLoop[],
  progressKeys: ReadonlySet<string>,
): NamedLoop[] {
  const through = new Set(loopsThrough(loops, progressKeys));
  const counts: Record<LoopPolarity, number> = { R: 0, B: 0, U: 0 };
  return loops.map((loop) => ({
    ...loop,
    name: `${loop.polarity}${++counts[loop.polarity]}`,
    throughProgress: through.has(loop),
  }));
}
