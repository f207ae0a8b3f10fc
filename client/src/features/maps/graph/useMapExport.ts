// The toolbar's Export menu: the map as a PNG of its canvas (2D or 3D), an SVG drawing, or the
// JSON file import reads (a space's default map exports as a map with nothing saved).
import { DEFAULT_MAP_FILTERS, type GraphType, type MapPositions } from '@rules';
import { useReactFlow } from '@xyflow/react';
import type { RefObject } from 'react';
import { notifyError } from '../../../components/notify';
import type { MapGraphFragment, ProgressMapDetailFragment } from '../../../gql/graphql';
import { canvasPng, download, downloadText, fileNameOf, nextFrames } from './exportFiles';
import type { MapDraft } from './mapDraft';
import { mapExportOf, mapSvgOf } from './mapExport';
import { KIND_COLORS } from './MapNodes';
import type { NodeBox, Scene } from './scene';

/** What a default map (nothing saved) exports as. */
const defaultMapOf = (name: string) => ({
  name,
  description: '',
  type: 'graph' as const,
  graphTypes: ['2D', '3D'],
  cldsEnabled: true,
  isPrivate: false,
  copyEnabled: true,
  collaborators: [],
  filters: { ...DEFAULT_MAP_FILTERS },
  settings: {},
  layers: [],
  links: [],
  positions2d: {},
  positions3d: {},
  excluded: [],
});

export function useMapExport({
  map,
  graph,
  draft,
  mode,
  mapName,
  scene,
  positions,
  boxes,
  frameRef,
}: {
  map: ProgressMapDetailFragment | null;
  graph: MapGraphFragment;
  draft: MapDraft;
  mode: GraphType;
  /** The name files are given (the draft's, or a default map's). */
  mapName: string;
  scene: Scene;
  positions: MapPositions;
  boxes: ReadonlyMap<string, NodeBox>;
  /** The map's frame, holding the canvas a PNG is taken of. */
  frameRef: RefObject<HTMLDivElement | null>;
}) {
  const flow = useReactFlow();
  return async (format: 'png' | 'svg' | 'json') => {
    try {
      if (format === 'json') {
        const file = mapExportOf(map ?? defaultMapOf(mapName), graph, map ? draft : undefined);
        downloadText(
          fileNameOf(mapName, 'json'),
          JSON.stringify(file, null, 2),
          'application/json',
        );
      } else if (format === 'svg') {
        const svg = mapSvgOf({
          title: mapName,
          nodes: scene.nodes,
          edges: scene.edges,
          links: scene.links,
          positions,
          boxes,
          settings: draft.settings,
          colors: KIND_COLORS,
        });
        downloadText(fileNameOf(mapName, 'svg'), svg, 'image/svg+xml');
      } else if (mode === '3D') {
        const canvas = frameRef.current?.querySelector('canvas');
        if (canvas) download(fileNameOf(mapName, 'png'), canvas.toDataURL('image/png'));
      } else {
        const pane = frameRef.current?.querySelector<HTMLElement>('.react-flow');
        if (!pane) return;
        await flow.fitView({ padding: 0.1 });
        await nextFrames();
        const background = draft.settings.customBackgroundColor
          ? draft.settings.backgroundColor
          : '#f9f9f9';
        download(fileNameOf(mapName, 'png'), await canvasPng(pane, background));
      }
    } catch (error) {
      notifyError(error);
    }
  };
}
