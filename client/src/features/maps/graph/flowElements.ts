// What the canvas draws of a scene: React Flow's nodes (rebuilt only where something changed, so
// a drag, a save or a new link leaves the other nodes' objects, and their rendering, alone) and the
// links painted under them.
import { LINK_POLARITY_LABELS, linkStyleOf, type MapPositions, type MapSettings } from '@rules';
import { signedCurvature } from './linkGeometry';
import type { PaintedLink } from './linkPainter';
import type { MapFlowNode, MapNodeData } from './MapNodes';
import { kindOf, labelSizeOf, type GraphNode, type NodeBox, type Scene } from './scene';

/** Above this many custom links particles are off, whatever the links say. */
export const PARTICLES_MAX_LINKS = 300;

/** How far from a node's centre its links stop. */
export function radiusOf(node: GraphNode, box: NodeBox): number {
  return kindOf(node) === 'tag' ? box.height / 2 + 4 : Math.max(box.width, box.height) / 2 + 2;
}

export interface NodeWords {
  title: string;
  date: string | null;
}

export function flowNodesOf(
  scene: Scene,
  positions: MapPositions,
  boxes: ReadonlyMap<string, NodeBox>,
  settings: Pick<MapSettings, 'nodeFontSize'>,
  wordsOf: (node: GraphNode) => NodeWords,
): MapFlowNode[] {
  const fontSize = labelSizeOf(settings);
  return scene.nodes.map((node) => {
    const box = boxes.get(node.key)!;
    const kind = kindOf(node);
    const words = wordsOf(node);
    const data: MapNodeData = {
      node,
      kind,
      width: box.width,
      height: box.height,
      fontSize,
      title: words.title,
      date: words.date,
    };
    return {
      id: node.key,
      type: kind,
      position: positions[node.key] ?? { x: 0, y: 0 },
      data,
      width: box.width,
      height: box.height,
      // Known sizes: React Flow fits and culls every node without waiting to measure it (an
      // off-screen node is never measured).
      measured: { width: box.width, height: box.height },
      ariaLabel: words.title,
    };
  });
}

const sameData = (a: MapNodeData, b: MapNodeData) =>
  a.node === b.node &&
  a.kind === b.kind &&
  a.width === b.width &&
  a.height === b.height &&
  a.fontSize === b.fontSize &&
  a.title === b.title &&
  a.date === b.date;

/**
 * The next nodes, keeping each previous node object whose data and position are unchanged (and its
 * selection either way).
 */
export function syncFlowNodes(previous: MapFlowNode[], next: MapFlowNode[]): MapFlowNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  let changed = previous.length !== next.length;
  const synced = next.map((node, index) => {
    const old = before.get(node.id);
    if (
      old &&
      sameData(old.data, node.data) &&
      old.position.x === node.position.x &&
      old.position.y === node.position.y
    ) {
      if (previous[index] !== old) changed = true;
      return old;
    }
    changed = true;
    return old?.selected ? { ...node, selected: true } : node;
  });
  return changed ? synced : previous;
}

/** The links to paint: automatic ones first (light, under), then the custom ones in their style. */
export function paintedLinksOf(
  scene: Scene,
  boxes: ReadonlyMap<string, NodeBox>,
  settings: Pick<MapSettings, 'showLinkLabels'>,
): PaintedLink[] {
  const radius = (key: string) => {
    const node = scene.byKey.get(key);
    const box = boxes.get(key);
    return node && box ? radiusOf(node, box) : 0;
  };
  const particles = scene.links.length <= PARTICLES_MAX_LINKS;
  const painted: PaintedLink[] = scene.edges.map((edge) => ({
    id: edge.key,
    source: edge.source,
    target: edge.target,
    style: null,
    curvature: 0,
    text: '',
    particles: false,
    sourceRadius: radius(edge.source),
    targetRadius: radius(edge.target),
  }));
  for (const link of scene.links) {
    const style = linkStyleOf(link);
    if (!style.visible) continue;
    const polarity = LINK_POLARITY_LABELS[link.type] ?? '';
    painted.push({
      id: link.id,
      source: link.source,
      target: link.target,
      style,
      curvature: signedCurvature(style),
      text: settings.showLinkLabels ? [link.label, polarity].filter(Boolean).join(' ') : '',
      particles: particles && style.particles.enabled,
      sourceRadius: radius(link.source),
      targetRadius: radius(link.target),
    });
  }
  return painted;
}
