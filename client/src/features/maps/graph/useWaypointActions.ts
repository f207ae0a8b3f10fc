// A saved map's waypoints: listed, added (in the middle of what is on screen, on a free spot), renamed and deleted
// (with the links to them) on the server, their places and links in the draft.
import { useReactFlow } from '@xyflow/react';
import { useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import type { MapGraphFragment, ProgressMapDetailFragment } from '../../../gql/graphql';
import type { WaypointFields } from './EditorDialogs';
import type { DialogState } from './useDialogState';
import type { MapEditor } from './useMapEditor';

export function useWaypointActions({
  map,
  graph,
  editor,
  dialogs,
  frameRef,
  freePlaceFor,
}: {
  map: ProgressMapDetailFragment | null;
  graph: MapGraphFragment;
  editor: MapEditor;
  dialogs: DialogState;
  /** The map's frame: a new waypoint appears at its middle. */
  frameRef: RefObject<HTMLDivElement | null>;
  /** A place near a point (the new node's centre) where it covers no other node. */
  freePlaceFor: (
    node: Pick<MapGraphFragment['nodes'][number], 'key' | 'kind' | 'label'>,
    centre: { x: number; y: number },
  ) => { x: number; y: number };
}) {
  const { t } = useTranslation();
  const flow = useReactFlow();
  const { change } = editor;
  const {
    dialog,
    setDialog,
    editedWaypoint,
    setEditedWaypoint,
    doomedWaypoint,
    setDoomedWaypoint,
  } = dialogs;
  const [waypointBusy, setWaypointBusy] = useState(false);

  const waypoints = useMemo(() => graph.nodes.filter((node) => node.kind === 'waypoint'), [graph]);
  const submitWaypoint = async (fields: WaypointFields) => {
    if (!map) return;
    setWaypointBusy(true);
    try {
      if (editedWaypoint) {
        await editor.mutations.updateWaypoint(editedWaypoint.refId, fields);
      } else {
        // A new waypoint appears in the middle of what is on screen.
        const frame = frameRef.current?.getBoundingClientRect();
        const at = frame
          ? flow.screenToFlowPosition({
              x: frame.left + frame.width / 2,
              y: frame.top + frame.height / 2,
            })
          : { x: 0, y: 0 };
        const waypoint = await editor.mutations.addWaypoint(map.id, fields);
        const key = `waypoint:${waypoint.id}`;
        const place = freePlaceFor({ key, kind: 'waypoint', label: fields.name }, at);
        change((current) => ({
          ...current,
          positions2d: { ...current.positions2d, [key]: place },
        }));
        notifySuccess(t('mapEditor:waypoint.added'));
      }
      setDialog(dialog === 'addWaypoint' ? null : dialog);
      setEditedWaypoint(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setWaypointBusy(false);
    }
  };
  const deleteWaypoint = async () => {
    if (!doomedWaypoint) return;
    setWaypointBusy(true);
    try {
      await editor.mutations.deleteWaypoint(doomedWaypoint.refId);
      const key = doomedWaypoint.key;
      change((current) => ({
        ...current,
        links: current.links.filter((link) => link.source !== key && link.target !== key),
      }));
      setDoomedWaypoint(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setWaypointBusy(false);
    }
  };

  return { waypoints, waypointBusy, submitWaypoint, deleteWaypoint };
}

export type WaypointActions = ReturnType<typeof useWaypointActions>;
