// What the graph map shows: the scene the draft makes of the graph, each node's box, the 2D
// positions (saved, or placed once by this editor and kept), the nodes' centres, the words on
// them, and in 3D its positions.
import type { GraphType, MapPositions } from '@rules';
import { useCallback, useMemo, useState } from 'react';
import type { MapGraphFragment } from '../../../gql/graphql';
import { freePlaceNear, placeNodes, positions3dOf, type PlacedNode } from './layout';
import type { MapDraft } from './mapDraft';
import { nodeBoxOf, sceneOf, type GraphNode, type NodeBox } from './scene';
import { useSceneWords } from './words';

/** A node as the layout places it: its box with the label, and its icon's. */
const placedNodeOf = (key: string, box: NodeBox): PlacedNode => ({
  key,
  width: box.layoutWidth,
  height: box.layoutHeight,
  boxWidth: box.width,
  boxHeight: box.height,
});

export function useMapScene(graph: MapGraphFragment, draft: MapDraft, mode: GraphType) {
  const scene = useMemo(
    () => sceneOf(graph, draft),
    // sceneOf reads only these parts of the draft: a drag does not rebuild the scene.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [graph, draft.excluded, draft.settings, draft.links],
  );
  const boxes = useMemo(
    () => new Map(scene.nodes.map((node) => [node.key, nodeBoxOf(node, draft.settings)])),
    [scene, draft.settings],
  );
  const layoutNodes = useMemo(
    () => scene.nodes.map((node) => placedNodeOf(node.key, boxes.get(node.key)!)),
    [scene, boxes],
  );
  // Where this editor placed the nodes the map has no place for: they stay there while links,
  // saves and other people's saves come and go (only a node new to the editor is placed).
  const [placed, setPlaced] = useState<MapPositions>({});
  const placement = useMemo(
    () => placeNodes(layoutNodes, [...scene.edges, ...scene.links], draft.positions2d, placed),
    [layoutNodes, scene, draft.positions2d, placed],
  );
  // Derived state: the new places are kept (the next render finds them placed, adding nothing).
  if (Object.keys(placement.added).length > 0)
    setPlaced((current) => ({ ...current, ...placement.added }));
  const { positions } = placement;
  const centres = useMemo(() => {
    const result = new Map<string, { x: number; y: number }>();
    for (const node of scene.nodes) {
      const at = positions[node.key];
      const box = boxes.get(node.key);
      if (at && box) result.set(node.key, { x: at.x + box.width / 2, y: at.y + box.height / 2 });
    }
    return result;
  }, [scene, positions, boxes]);
  const words = useSceneWords(scene);
  const positions3d = useMemo(
    () =>
      mode === '3D'
        ? positions3dOf(
            scene.nodes.map((node) => ({
              key: node.key,
              tags: node.tags,
              ...boxes.get(node.key)!,
            })),
            positions,
            draft.positions3d,
            draft.layers,
          )
        : null,
    [mode, scene, boxes, positions, draft.positions3d, draft.layers],
  );
  /** A free place (top-left corner) near `centre` for a node the map is about to get. */
  const freePlaceFor = useCallback(
    (node: Pick<GraphNode, 'key' | 'kind' | 'label'>, centre: { x: number; y: number }) => {
      const box = nodeBoxOf(node, draft.settings);
      const wanted = { x: centre.x - box.width / 2, y: centre.y - box.height / 2 };
      return freePlaceNear(placedNodeOf(node.key, box), wanted, layoutNodes, positions);
    },
    [draft.settings, layoutNodes, positions],
  );
  return { scene, boxes, positions, centres, words, positions3d, freePlaceFor };
}
