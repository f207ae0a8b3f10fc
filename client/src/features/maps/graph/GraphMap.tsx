// The graph map editor (issue 13): a map's nodes and links in 2D (React Flow) or 3D (three.js),
// its loops, the play, search, and for its author and collaborators the editing: links, layout,
// settings, layers, waypoints, saving with the version it started from. Loaded lazily (its own
// chunk, React Flow with it; the 3D view a further chunk) by the maps pages only. This file lays
// the editor out; its state and actions live in the use*.ts hooks beside it, its pointer menus in
// PointerMenus.tsx and its dialogs in GraphMapDialogs.tsx.
import { Alert, Button, Group, Skeleton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ReactFlowProvider } from '@xyflow/react';
import { DEFAULT_MAP_FILTERS, type GraphType } from '@rules';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  MapFiltersInput,
  MapGraphFragment,
  ProgressMapDetailFragment,
} from '../../../gql/graphql';
import { GraphCanvas } from './GraphCanvas';
import classes from './GraphMap.module.css';
import { GraphMapDialogs } from './GraphMapDialogs';
import { GraphToolbar } from './GraphToolbar';
import { Legend, LoopsPanel, SearchPanel } from './Panels';
import { PointerMenus } from './PointerMenus';
import { useDialogState } from './useDialogState';
import { useDraftEdits } from './useDraftEdits';
import { useLoopsAndPlay } from './useLoopsAndPlay';
import { useMapEditor } from './useMapEditor';
import { useMapExport } from './useMapExport';
import { useMapScene } from './useMapScene';
import { useMapSelection } from './useMapSelection';
import { useToolbarActions } from './useToolbarActions';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { useWaypointActions } from './useWaypointActions';
import type { GraphNode } from './scene';

const GraphMap3D = lazy(() => import('./GraphMap3D'));
/** The 3D labels' words: one function for the map's life, so they are not laid out again. */
const labelOfNode = (node: GraphNode) => node.label;

export interface GraphMapProps {
  /** null: the space's default map (its layout is not saved). */
  map: ProgressMapDetailFragment | null;
  /** Nodes and automatic edges the viewer may see. */
  graph: MapGraphFragment;
  mode: GraphType;
  /** Recipe mode: the Add menu's Story button posts to the recipe's problem. */
  recipe?: boolean;
  /** The page's filter bar: the search panel can narrow the map to the tags searched. */
  onFiltersChange: (filters: MapFiltersInput) => void;
}

function GraphMapEditor({ map, graph, mode, recipe = false, onFiltersChange }: GraphMapProps) {
  const { t } = useTranslation();
  const editor = useMapEditor({ map, graph, recipe });
  const { draft, editing } = editor;
  const frameRef = useRef<HTMLDivElement>(null);

  const { scene, boxes, positions, centres, words, positions3d, freePlaceFor } = useMapScene(
    graph,
    draft,
    mode,
  );
  const mapSelection = useMapSelection({ mode, centres });
  const { selection, setSelection, selected3d, setSelected3d, setHoveredLoop, highlight } =
    mapSelection;
  const { fitRequest, fit, focusNode, showNodes, onMatches } = mapSelection;
  const play = useLoopsAndPlay({
    scene,
    mapId: map?.id ?? null,
    selectedNode: selection.nodes[0] ?? null,
  });
  const { loops, loopFilter, setLoopFilter, shownLoops, player, playFrom, setPlayFrom } = play;
  const { playNodes, startPlay } = play;

  const dialogs = useDialogState();
  const { panel, setPanel, legend, setLegend, setEditedLink, setNewLink, setMenu } = dialogs;
  const blocker = useUnsavedChangesGuard(editor);
  const edits = useDraftEdits({ editor, scene, boxes, positions, dialogs });
  const { onMoved, deleteSelection } = edits;
  const waypointActions = useWaypointActions({
    map,
    graph,
    editor,
    dialogs,
    frameRef,
    freePlaceFor,
  });

  const mapName = map ? draft.name : t('mapEditor:defaultName');
  const exportMap = useMapExport({
    map,
    graph,
    draft,
    mode,
    mapName,
    scene,
    positions,
    boxes,
    frameRef,
  });
  const onAction = useToolbarActions({
    editor,
    dialogs,
    edits,
    play,
    selection,
    positions,
    fit,
    exportMap,
  });

  // Which view has drawn its first frame: after switching 2D ↔ 3D the map is not ready until the
  // new view has drawn (the old one's canvas is about to leave the page).
  const [drawnView, setDrawnView] = useState<'2D' | '3D' | null>(null);
  const on2dReady = useCallback(() => setDrawnView('2D'), []);
  const on3dReady = useCallback(() => setDrawnView('3D'), []);
  const shows3d = mode === '3D' && positions3d !== null;
  const ready = drawnView === (shows3d ? '3D' : '2D');
  const canvasLabel = t('mapEditor:canvas.label', { name: mapName });
  const background = draft.settings.customBackgroundColor
    ? draft.settings.backgroundColor
    : undefined;

  return (
    <div
      ref={frameRef}
      className={classes.frame}
      data-testid="graph-map"
      data-ready={ready ? 'true' : 'false'}
      data-mode={mode}
      style={{ background }}
    >
      <div className={classes.canvas}>
        {shows3d ? (
          <Suspense fallback={<Skeleton h="100%" aria-label={t('mapEditor:threeD.loading')} />}>
            <GraphMap3D
              scene={scene}
              positions={positions3d}
              layers={draft.layers}
              settings={draft.settings}
              highlight={highlight.nodes}
              fitRequest={fitRequest}
              label={canvasLabel}
              labelOf={labelOfNode}
              onSelect={setSelected3d}
              onReady={on3dReady}
            />
          </Suspense>
        ) : (
          <GraphCanvas
            scene={scene}
            positions={positions}
            centres={centres}
            boxes={boxes}
            settings={draft.settings}
            editing={editing}
            label={canvasLabel}
            wordsOf={words.wordsOf}
            highlight={highlight}
            loops={shownLoops}
            play={
              player.play && player.step ? { step: player.step, index: player.play.index } : null
            }
            onMoved={onMoved}
            onConnect={(source, target, at) => {
              if (editing) setNewLink({ source, target, at });
            }}
            onOpenLink={(id) => setEditedLink(draft.links.find((link) => link.id === id) ?? null)}
            onDelete={deleteSelection}
            onSelectionChange={setSelection}
            onMenu={(target, at) => setMenu({ target, at })}
            onReady={on2dReady}
          />
        )}
      </div>

      <div
        style={{
          position: 'absolute',
          top: 8,
          left: 8,
          right: 8,
          zIndex: 5,
          pointerEvents: 'none',
        }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ pointerEvents: 'auto' }}>
            <GraphToolbar
              state={{
                editing,
                dirty: editor.dirty,
                saving: editor.saving,
                canUndo: editor.canUndo,
                canRedo: editor.canRedo,
                saved: map !== null,
                canEdit: map?.canEdit ?? false,
                canCopy: map?.canCopy ?? false,
                recipe,
                hasSelection: selection.nodes.length + selection.links.length > 0,
                playing: player.play !== null,
                canPlay: playNodes.length > 0,
                loopCount: loops.loops.length,
                mode,
              }}
              panels={{ search: panel === 'search', loops: panel === 'loops', legend }}
              onAction={onAction}
            />
          </div>
          <div style={{ pointerEvents: 'auto' }}>
            {panel === 'search' ? (
              <SearchPanel
                nodes={scene.nodes}
                onMatches={onMatches}
                onShowAll={showNodes}
                onFocusNode={focusNode}
                onFilterTags={(tags) =>
                  onFiltersChange({
                    statuses: map?.filters.statuses ?? [],
                    timeRange: map?.filters.timeRange ?? DEFAULT_MAP_FILTERS.timeRange,
                    startDate: map?.filters.startDate ?? null,
                    endDate: map?.filters.endDate ?? null,
                    tags,
                  })
                }
                onClose={() => setPanel(null)}
              />
            ) : panel === 'loops' ? (
              <LoopsPanel
                loops={loops.loops}
                truncated={loops.truncated}
                searching={loops.searching}
                filter={loopFilter}
                onFilter={setLoopFilter}
                nodeLabel={words.nodeLabel}
                onHover={setHoveredLoop}
                onFocusLoop={(loop) => showNodes(loop.nodes)}
                playNodes={playNodes}
                playFrom={playFrom}
                onPlayFrom={setPlayFrom}
                playing={player.play !== null}
                onPlay={() => startPlay(playFrom)}
                onStop={player.stop}
                onClose={() => {
                  setHoveredLoop(null);
                  setPanel(null);
                }}
              />
            ) : null}
          </div>
        </Group>
        {editor.remoteSave ? (
          <Alert
            mt="xs"
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            title={t('mapEditor:remote.title')}
            maw={460}
            mx="auto"
            style={{ pointerEvents: 'auto' }}
          >
            <Group justify="space-between" gap="xs">
              {t('mapEditor:remote.explain')}
              <Button
                size="compact-sm"
                variant="light"
                color="yellow"
                onClick={() => void editor.reload()}
              >
                {t('mapEditor:remote.reload')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        {mode === '3D' && selected3d ? (
          <Alert
            mt="xs"
            color="blue"
            maw={360}
            style={{ pointerEvents: 'auto' }}
            withCloseButton
            onClose={() => setSelected3d(null)}
            closeButtonLabel={t('mapEditor:panels.closeSelection')}
          >
            {scene.byKey.get(selected3d) ? words.wordsOf(scene.byKey.get(selected3d)!).title : null}
          </Alert>
        ) : null}
      </div>

      {legend ? (
        <div style={{ position: 'absolute', left: 8, bottom: 8, zIndex: 5 }}>
          <Legend onClose={() => setLegend(false)} />
        </div>
      ) : null}

      <PointerMenus
        draft={draft}
        editing={editing}
        canEdit={map?.canEdit ?? false}
        scene={scene}
        dialogs={dialogs}
        edits={edits}
        play={play}
        onAction={onAction}
      />

      <GraphMapDialogs
        map={map}
        graph={graph}
        recipe={recipe}
        editor={editor}
        scene={scene}
        positions={positions}
        nodeLabel={words.nodeLabel}
        dialogs={dialogs}
        edits={edits}
        waypointActions={waypointActions}
        blocker={blocker}
        focusNode={focusNode}
      />
    </div>
  );
}

/**
 * The graph map editor: 2D or 3D, a saved map or a space's default one. The map's id keys the
 * editor, so another map starts from its own state.
 */
export function GraphMap(props: GraphMapProps) {
  return (
    <ReactFlowProvider>
      <GraphMapEditor key={props.map?.id ?? 'space'} {...props} />
    </ReactFlowProvider>
  );
}

export default GraphMap;
