// The graph editor's dialogs, each open when its state says so: a link, the settings, the
// MapEditor, Find Node, rename and Save As, waypoints, a save's conflict, unsaved
// changes, and adding a problem or a recipe's story.
import type { MapPositions } from '@rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MountOnce } from '../../../components/MountOnce';
import type { MapGraphFragment, ProgressMapDetailFragment } from '../../../gql/graphql';
import { ProblemDialog } from '../../problems';
import { StoryDialog } from '../../stories';
import {
  ConflictDialog,
  NameDialog,
  UnsavedChangesDialog,
  WaypointDialog,
  WaypointsListDialog,
} from './EditorDialogs';
import { LinkDialog } from './LinkDialog';
import { MapEditorDialog } from './MapEditorDialog';
import { FindNodeDialog } from './Panels';
import type { GraphNode, Scene } from './scene';
import { SettingsDialog } from './SettingsDialog';
import type { DialogState } from './useDialogState';
import type { DraftEdits } from './useDraftEdits';
import type { MapEditor } from './useMapEditor';
import type { WaypointActions } from './useWaypointActions';

export function GraphMapDialogs({
  map,
  graph,
  recipe,
  editor,
  scene,
  positions,
  nodeLabel,
  dialogs,
  edits,
  waypointActions,
  blocker,
  focusNode,
}: {
  map: ProgressMapDetailFragment | null;
  graph: MapGraphFragment;
  recipe: boolean;
  editor: MapEditor;
  scene: Scene;
  /** The positions on the canvas: a copy keeps an automatic layout. */
  positions: MapPositions;
  nodeLabel: (key: string) => string;
  dialogs: DialogState;
  edits: DraftEdits;
  waypointActions: WaypointActions;
  /** Leaving the page with unsaved changes, held until the UnsavedChangesDialog is answered. */
  blocker: Blocker;
  focusNode: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { draft, editing, change } = editor;
  const { dialog, closeDialog, editedLink, setEditedLink } = dialogs;
  const { editedWaypoint, setEditedWaypoint, doomedWaypoint, setDoomedWaypoint } = dialogs;
  const { saveLink, deleteLinks, setSettings, setLayers, applyInfo, toggleNodes } = edits;
  const { waypoints, waypointBusy, submitWaypoint, deleteWaypoint } = waypointActions;

  // Labels of nodes seen, for the MapEditor's list of what was taken out of the map.
  const seenLabels = useRef(new Map<string, string>());
  useEffect(() => {
    for (const node of graph.nodes) seenLabels.current.set(node.key, node.label);
  }, [graph]);

  return (
    <>
      <LinkDialog
        link={editedLink}
        cldsEnabled={draft.cldsEnabled}
        nodeLabel={nodeLabel}
        onSave={saveLink}
        onDelete={(id) => deleteLinks([id])}
        onClose={() => setEditedLink(null)}
      />
      <MountOnce when={dialog === 'settings'}>
        <SettingsDialog
          opened={dialog === 'settings'}
          settings={draft.settings}
          layers={draft.layers}
          with3d={map ? map.graphTypes.includes('3D') : true}
          tagSuggestions={[...new Set(scene.nodes.flatMap((node) => node.tags))]}
          onChange={setSettings}
          onLayers={setLayers}
          onClose={closeDialog}
        />
      </MountOnce>
      {map ? (
        <MountOnce when={dialog === 'mapEditor'}>
          <MapEditorDialog
            key={dialog === 'mapEditor' ? 'open' : 'closed'}
            opened={dialog === 'mapEditor'}
            map={map}
            draft={draft}
            graph={graph}
            recipe={recipe}
            labelOf={(key) => seenLabels.current.get(key) ?? t('mapEditor:checklist.unknown')}
            nodeLabel={nodeLabel}
            onInfo={applyInfo}
            onToggle={toggleNodes}
            onEditLink={(id) => setEditedLink(draft.links.find((link) => link.id === id) ?? null)}
            onDeleteLink={(id) => deleteLinks([id])}
            onClose={closeDialog}
          />
        </MountOnce>
      ) : null}
      <FindNodeDialog
        opened={dialog === 'find'}
        nodes={scene.nodes}
        onFind={(key) => {
          closeDialog();
          focusNode(key);
        }}
        onClose={closeDialog}
      />
      <NameDialog
        opened={dialog === 'rename'}
        title={t('mapEditor:rename.title')}
        initial={draft.name}
        submitLabel={t('mapEditor:rename.submit')}
        onSubmit={(name) => {
          change((current) => ({ ...current, name }));
          closeDialog();
        }}
        onClose={closeDialog}
      />
      <NameDialog
        opened={dialog === 'saveAs'}
        title={t('mapEditor:saveAs.title')}
        initial={t('mapEditor:saveAs.defaultName', { name: draft.name })}
        submitLabel={t('mapEditor:saveAs.submit')}
        loading={editor.copying}
        onSubmit={(name) => {
          void editor.saveCopy(name, positions).then(closeDialog);
        }}
        onClose={closeDialog}
      />
      <WaypointDialog
        opened={dialog === 'addWaypoint' || editedWaypoint !== null}
        initial={
          editedWaypoint
            ? { name: editedWaypoint.label, description: editedWaypoint.description ?? '' }
            : null
        }
        loading={waypointBusy}
        onSubmit={(fields) => void submitWaypoint(fields)}
        onClose={() => {
          setEditedWaypoint(null);
          if (dialog === 'addWaypoint') closeDialog();
        }}
      />
      <WaypointsListDialog
        opened={dialog === 'waypoints'}
        waypoints={waypoints}
        editing={editing}
        onFind={(key) => {
          closeDialog();
          focusNode(key);
        }}
        onEdit={(node) => setEditedWaypoint(node)}
        onDelete={(node) => setDoomedWaypoint(node)}
        onClose={closeDialog}
      />
      <DeleteWaypointDialog
        node={doomedWaypoint}
        loading={waypointBusy}
        onConfirm={() => void deleteWaypoint()}
        onCancel={() => setDoomedWaypoint(null)}
      />
      <ConflictDialog
        opened={editor.conflict}
        canCopy={map?.canCopy ?? false}
        copying={editor.copying}
        onReload={() => {
          editor.closeConflict();
          void editor.reload();
        }}
        onCopy={() => void editor.saveCopy(null, positions)}
        onClose={editor.closeConflict}
      />
      <UnsavedChangesDialog
        opened={dialog === 'exit' || blocker.state === 'blocked'}
        onExit={() => {
          if (blocker.state === 'blocked') blocker.proceed();
          editor.exitEditing();
          closeDialog();
        }}
        onCancel={() => {
          if (blocker.state === 'blocked') blocker.reset();
          closeDialog();
        }}
      />
      {map ? (
        <ProblemDialog
          opened={dialog === 'problem'}
          onClose={() => {
            closeDialog();
            void editor.mutations.refetchGraph();
          }}
        />
      ) : null}
      {recipe && map?.problemId ? (
        <StoryDialog
          opened={dialog === 'story'}
          problemId={map.problemId}
          onClose={() => {
            closeDialog();
            void editor.mutations.refetchGraph();
          }}
        />
      ) : null}
    </>
  );
}

function DeleteWaypointDialog({
  node,
  loading,
  onConfirm,
  onCancel,
}: {
  node: GraphNode | null;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={node !== null}
      title={t('mapEditor:waypoint.deleteTitle')}
      message={t('mapEditor:waypoint.deleteMessage', { name: node?.label ?? '' })}
      confirmLabel={t('mapEditor:waypoint.delete')}
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
