// The graph editor's changes to the map's draft (each an undo step): nodes moved or laid out,
// settings and layers, links added, edited and deleted, nodes taken out or put back, the map's info.
import {
  parseMapNodeKey,
  type LinkType,
  type MapLayer,
  type MapLink,
  type MapPositions,
  type MapSettings,
} from '@rules';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { nextFrames } from './exportFiles';
import type { MapDraft } from './mapDraft';
import { autoLayout } from './layout';
import type { MapInfoFields } from './MapEditorDialog';
import type { NodeBox, Scene } from './scene';
import type { DialogState } from './useDialogState';
import type { MapEditor } from './useMapEditor';

const newLinkId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `link-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The draft without these custom links. */
function withoutLinks(draft: MapDraft, ids: readonly string[]): MapDraft {
  if (ids.length === 0) return draft;
  const doomed = new Set(ids);
  return { ...draft, links: draft.links.filter((link) => !doomed.has(link.id)) };
}

/** The draft with these nodes put back on the map (`include`) or taken off it. */
function withNodes(draft: MapDraft, keys: readonly string[], include: boolean): MapDraft {
  if (keys.length === 0) return draft;
  const excluded = new Set(draft.excluded);
  for (const key of keys) {
    if (include) excluded.delete(key);
    else excluded.add(key);
  }
  return { ...draft, excluded: [...excluded] };
}

export function useDraftEdits({
  editor,
  scene,
  boxes,
  positions,
  dialogs,
}: {
  editor: MapEditor;
  scene: Scene;
  boxes: ReadonlyMap<string, NodeBox>;
  positions: MapPositions;
  dialogs: DialogState;
}) {
  const { t } = useTranslation();
  const flow = useReactFlow();
  const { change, editing } = editor;
  const { newLink, setNewLink, setEditedLink, setDoomedWaypoint } = dialogs;

  const positionsRef = useRef(positions);
  useEffect(() => {
    positionsRef.current = positions;
  });
  const onMoved = useCallback(
    (moved: MapPositions) => {
      change((current) => {
        const same = Object.entries(moved).every(([key, at]) => {
          const before = current.positions2d[key];
          return before && before.x === at.x && before.y === at.y;
        });
        if (same) return current;
        // The automatic layout shown becomes the map's, with the moved nodes where they were put.
        return {
          ...current,
          positions2d: { ...current.positions2d, ...positionsRef.current, ...moved },
        };
      });
    },
    [change],
  );
  const setSettings = (patch: Partial<MapSettings>, mergeKey?: string) =>
    change((current) => ({ ...current, settings: { ...current.settings, ...patch } }), mergeKey);
  const setLayers = (layers: MapLayer[]) => change((current) => ({ ...current, layers }));
  const addLink = (type: LinkType) => {
    if (!newLink) return;
    const link: MapLink = {
      id: newLinkId(),
      source: newLink.source,
      target: newLink.target,
      type,
      label: '',
      description: '',
      style: {},
    };
    change((current) => ({ ...current, links: [...current.links, link] }));
    setNewLink(null);
  };
  const saveLink = (link: MapLink) => {
    change((current) => ({
      ...current,
      links: current.links.map((old) => (old.id === link.id ? link : old)),
    }));
    setEditedLink(null);
  };
  const deleteLinks = (ids: readonly string[]) => {
    change((current) => withoutLinks(current, ids));
    setEditedLink(null);
  };
  const toggleNodes = (keys: readonly string[], include: boolean) =>
    change((current) => withNodes(current, keys, include));
  const applyInfo = (fields: MapInfoFields) => {
    change((current) => ({ ...current, ...fields }));
    notifySuccess(t('mapEditor:info.applied'));
  };
  /** Deleting what is selected: links go, nodes leave the map, a waypoint is asked about. */
  const deleteSelection = (nodes: readonly string[], links: readonly string[]) => {
    if (!editing) return;
    const waypoint = nodes.find((key) => parseMapNodeKey(key)?.kind === 'waypoint');
    const others = nodes.filter((key) => parseMapNodeKey(key)?.kind !== 'waypoint');
    // One change, so one undo brings back everything a single Delete took.
    if (links.length || others.length) {
      change((current) => withNodes(withoutLinks(current, links), others, false));
      if (links.length) setEditedLink(null);
    }
    if (waypoint) setDoomedWaypoint(scene.byKey.get(waypoint) ?? null);
  };
  const tidy = () => {
    const centresNow = autoLayout(
      scene.nodes.map((node) => {
        const box = boxes.get(node.key)!;
        return { key: node.key, width: box.layoutWidth, height: box.layoutHeight };
      }),
      [...scene.edges, ...scene.links],
    );
    const laidOut: MapPositions = {};
    for (const node of scene.nodes) {
      const centre = centresNow.get(node.key);
      const box = boxes.get(node.key)!;
      if (centre)
        laidOut[node.key] = {
          x: Math.round(centre.x - box.width / 2),
          y: Math.round(centre.y - box.height / 2),
        };
    }
    change((current) => ({ ...current, positions2d: { ...current.positions2d, ...laidOut } }));
    void nextFrames().then(() => flow.fitView({ padding: 0.15, duration: 300 }));
  };

  return {
    onMoved,
    setSettings,
    setLayers,
    addLink,
    saveLink,
    deleteLinks,
    toggleNodes,
    applyInfo,
    deleteSelection,
    tidy,
  };
}

export type DraftEdits = ReturnType<typeof useDraftEdits>;
