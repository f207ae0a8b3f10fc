// A map's files: the JSON that import reads back (MapExport), and an SVG drawing of its nodes and
// links in simple shapes. Pure: the maps list's import tests build an export with `mapExportOf`.
import {
  GRAPH_TYPES,
  LINK_POLARITY_LABELS,
  MAP_EXPORT_FORMAT,
  MAP_EXPORT_VERSION,
  MAP_TYPES,
  TIME_RANGES,
  linkStyleOf,
  problemStatusColor,
  type GraphType,
  type MapExport,
  type MapFilters,
  type MapLink,
  type MapPositions,
  type MapSettings,
  type MapType,
  type TimeRange,
} from '@rules';
import type { MapGraphFragment, ProgressMapDetailFragment } from '../../../gql/graphql';
import {
  arrowPoints,
  ARROW_PX_PER_UNIT,
  curvePath,
  linkCurve,
  pointOn,
  signedCurvature,
} from './linkGeometry';
import { draftOf, type MapDraft } from './mapDraft';
import { kindOf, labelSizeOf, type GraphEdge, type GraphNode } from './scene';

type ExportedMap = Pick<
  ProgressMapDetailFragment,
  | 'name'
  | 'description'
  | 'type'
  | 'graphTypes'
  | 'cldsEnabled'
  | 'isPrivate'
  | 'copyEnabled'
  | 'collaborators'
  | 'filters'
  | 'settings'
  | 'layers'
  | 'links'
  | 'positions2d'
  | 'positions3d'
  | 'excluded'
>;

const filtersOf = (filters: ExportedMap['filters']): MapFilters => ({
  statuses: [...filters.statuses],
  timeRange: (TIME_RANGES as readonly string[]).includes(filters.timeRange)
    ? (filters.timeRange as TimeRange)
    : 'alltime',
  startDate: filters.startDate,
  endDate: filters.endDate,
  tags: [...filters.tags],
});

/**
 * The export file of a map and the graph it shows. With `draft`, what the editor holds now
 * (unsaved changes included) instead of what was saved.
 */
export function mapExportOf(
  map: ExportedMap,
  graph: MapGraphFragment,
  draft: MapDraft = draftOf(map),
): MapExport {
  return {
    format: MAP_EXPORT_FORMAT,
    version: MAP_EXPORT_VERSION,
    map: {
      name: draft.name,
      description: draft.description,
      type: (MAP_TYPES as readonly string[]).includes(map.type) ? (map.type as MapType) : 'graph',
      graphTypes: map.graphTypes.filter((type): type is GraphType =>
        (GRAPH_TYPES as readonly string[]).includes(type),
      ),
      cldsEnabled: draft.cldsEnabled,
      settings: draft.settings,
      layers: draft.layers,
      filters: filtersOf(map.filters),
      links: draft.links,
      positions2d: draft.positions2d,
      positions3d: draft.positions3d,
      excluded: draft.excluded,
    },
    waypoints: graph.nodes
      .filter((node) => node.kind === 'waypoint')
      .map((node) => ({ key: node.key, name: node.label, description: node.description ?? '' })),
    nodes: graph.nodes.map((node) => ({ key: node.key, kind: kindOf(node), label: node.label })),
  };
}

// --- SVG -----------------------------------------------------------------------------------------

export interface SvgInput {
  title: string;
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
  links: readonly MapLink[];
  /** Top-left corners of the nodes' icon boxes. */
  positions: MapPositions;
  boxes: ReadonlyMap<string, { width: number; height: number }>;
  settings: MapSettings;
  /** Colours of the kinds of node (the legend's). */
  colors: Record<'solution' | 'story' | 'tag' | 'user' | 'waypoint', string>;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/gu,
    (character) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character]!,
  );

const MARGIN = 40;
const AUTO_EDGE_COLOR = '#C8CCD2';

/** A drawing of the map: its nodes as simple shapes with their labels, its links as paths. */
export function mapSvgOf(input: SvgInput): string {
  const { nodes, positions, boxes, settings, colors } = input;
  const font = labelSizeOf(settings);
  const centre = new Map<string, { x: number; y: number; r: number }>();
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const node of nodes) {
    const position = positions[node.key];
    const box = boxes.get(node.key);
    if (!position || !box) continue;
    centre.set(node.key, {
      x: position.x + box.width / 2,
      y: position.y + box.height / 2,
      r: Math.min(box.width, box.height) / 2,
    });
    minX = Math.min(minX, position.x - 60);
    minY = Math.min(minY, position.y - 40);
    maxX = Math.max(maxX, position.x + box.width + 60);
    maxY = Math.max(maxY, position.y + box.height + font * 3);
  }
  if (centre.size === 0) {
    minX = minY = 0;
    maxX = maxY = 100;
  }
  const width = Math.ceil(maxX - minX + 2 * MARGIN);
  const height = Math.ceil(maxY - minY + 2 * MARGIN);
  const parts: string[] = [];
  const background = settings.customBackgroundColor ? settings.backgroundColor : '#f9f9f9';
  parts.push(
    `<rect x="${minX - MARGIN}" y="${minY - MARGIN}" width="${width}" height="${height}" fill="${escapeXml(background)}"/>`,
  );

  for (const edge of input.edges) {
    const from = centre.get(edge.source);
    const to = centre.get(edge.target);
    if (!from || !to) continue;
    const curve = linkCurve(from, to, 0, from.r, to.r);
    parts.push(
      `<path d="${curvePath(curve)}" fill="none" stroke="${AUTO_EDGE_COLOR}" stroke-width="1"/>`,
    );
  }

  for (const link of input.links) {
    const from = centre.get(link.source);
    const to = centre.get(link.target);
    if (!from || !to) continue;
    const style = linkStyleOf(link);
    if (!style.visible) continue;
    const curve = linkCurve(from, to, signedCurvature(style), from.r, to.r);
    const dash = style.dashed ? ` stroke-dasharray="${escapeXml(style.dashPattern)}"` : '';
    parts.push(
      `<path d="${curvePath(curve)}" fill="none" stroke="${escapeXml(style.color)}" stroke-width="${style.width}"${dash}/>`,
    );
    if (style.arrowEnabled && style.arrowLength > 0)
      parts.push(
        `<polygon points="${arrowPoints(curve, style.arrowPosition, style.arrowLength * ARROW_PX_PER_UNIT)}" fill="${escapeXml(style.arrowColor)}"/>`,
      );
    const label = [link.label, LINK_POLARITY_LABELS[link.type]].filter(Boolean).join(' ');
    if (label && settings.showLinkLabels) {
      const middle = pointOn(curve, 0.5);
      parts.push(
        `<text x="${middle.x.toFixed(1)}" y="${middle.y.toFixed(1)}" font-size="${style.fontSize}" fill="${escapeXml(style.fontColor)}" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text>`,
      );
    }
  }

  for (const node of nodes) {
    const at = centre.get(node.key);
    if (!at) continue;
    const { x, y, r } = at;
    const kind = kindOf(node);
    switch (kind) {
      case 'problem':
        parts.push(
          `<polygon points="${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}" fill="${problemStatusColor(node.status)}"><title>${escapeXml(node.label)}</title></polygon>`,
        );
        break;
      case 'waypoint':
        parts.push(
          `<polygon points="${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}" fill="${colors.waypoint}"/>`,
        );
        break;
      case 'tag': {
        const box = boxes.get(node.key)!;
        parts.push(
          `<rect x="${x - box.width / 2}" y="${y - box.height / 2}" width="${box.width}" height="${box.height}" rx="${box.height / 2}" fill="${colors.tag}"/>`,
          `<text x="${x}" y="${y}" font-size="${font}" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(node.label)}</text>`,
        );
        continue;
      }
      default:
        parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${colors[kind]}"/>`);
    }
    parts.push(
      `<text x="${x}" y="${y + r + font + 2}" font-size="${font}" fill="#212529" text-anchor="middle">${escapeXml(node.label)}</text>`,
    );
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${minX - MARGIN} ${minY - MARGIN} ${width} ${height}" font-family="sans-serif">`,
    `<title>${escapeXml(input.title)}</title>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
