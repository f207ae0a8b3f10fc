// What the graph map shows: the scene the draft makes of the graph, each node's box, the 2D
// positions (saved, or laid out), the nodes' centres, the words on them, and in 3D its positions.
import type { GraphType } from '@rules';
import { useMemo } from 'react';
import type { MapGraphFragment } from '../../../gql/graphql';
import { placeNodes, positions3dOf } from './layout';
import type { MapDraft } from './mapDraft';
import { nodeBoxOf, sceneOf } from './scene';
import { useSceneWords } from './words';

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
  const positions = useMemo(
    () =>
      placeNodes(
        scene.nodes.map((node) => {
          const box = boxes.get(node.key)!;
          return {
            key: node.key,
            width: box.layoutWidth,
            height: box.layoutHeight,
            boxWidth: box.width,
            boxHeight: box.height,
          };
        }),
        [...scene.edges, ...scene.links],
        draft.positions2d,
      ),
    [scene, boxes, draft.positions2d],
  );
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
  return { scene, boxes, positions, centres, words, positions3d };
}
