// The graph map editor (issue 13): a map's nodes and links in 2D (React Flow) or 3D (three.js),
// its loops, the play, search, and for its author and collaborators the editing: links, layout,
// settings, layers, waypoints, saving with the version it started from. Loaded lazily (its own
// chunk, React Flow with it; the 3D view a further chunk) by the maps pages only.
import { Alert, Button, Group, Menu, Skeleton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import {
  DEFAULT_MAP_FILTERS,
  LINK_TYPES,
  parseMapNodeKey,
  type GraphType,
  type LinkType,
  type MapLayer,
  type MapLink,
  type MapPositions,
  type MapSettings,
} from '@rules';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MountOnce } from '../../../components/MountOnce';
import { notifyError, notifySuccess } from '../../../components/notify';
import type {
  MapFiltersInput,
  MapGraphFragment,
  ProgressMapDetailFragment,
} from '../../../gql/graphql';
import { ProblemDialog } from '../../problems/ProblemDialog';
import { StoryDialog } from '../../stories/StoryDialog';
import { nodePath } from '../mapPaths';
import {
  ConflictDialog,
  NameDialog,
  NoPermissionDialog,
  PointMenu,
  UnsavedChangesDialog,
  WaypointDialog,
  WaypointsListDialog,
  type WaypointFields,
} from './EditorDialogs';
import { canvasPng, downloadText, download, fileNameOf } from './exportFiles';
import { GraphCanvas, type MenuTarget } from './GraphCanvas';
import classes from './GraphMap.module.css';
import { GraphToolbar, type ToolbarAction } from './GraphToolbar';
import { LinkDialog } from './LinkDialog';
import { autoLayout, placeNodes, positions3dOf } from './layout';
import { MapEditorDialog, type MapInfoFields } from './MapEditorDialog';
import { mapExportOf, mapSvgOf } from './mapExport';
import { KIND_COLORS } from './MapNodes';
import { FindNodeDialog, Legend, LoopsPanel, SearchPanel, type LoopFilter } from './Panels';
import { loopGraphOf, nodeBoxOf, sceneOf, type GraphNode } from './scene';
import { SettingsDialog } from './SettingsDialog';
import { useLoops, type NamedLoop } from './useLoops';
import { useMapEditor } from './useMapEditor';
import { usePlay } from './usePlay';
import { useLinkTypeLabels, useSceneWords } from './words';

const GraphMap3D = lazy(() => import('./GraphMap3D'));

export interface GraphMapProps {
  /** null: the space's default map (its layout is not saved). */
  map: ProgressMapDetailFragment | null;
  /** Nodes and automatic edges the viewer may see. */
  graph: MapGraphFragment;
  mode: GraphType;
  /** Recipe mode: the Add menu's Story button posts to the recipe's problem. */
  recipe?: boolean;
  /** The 2D/3D toggle (navigates; keeps the map, resets the view). */
  /** The page's filter bar: the search panel can narrow the map to the tags searched. */
  onFiltersChange: (filters: MapFiltersInput) => void;
}

type Dialog =
  | 'settings'
  | 'mapEditor'
  | 'find'
  | 'rename'
  | 'saveAs'
  | 'waypoints'
  | 'addWaypoint'
  | 'problem'
  | 'story'
  | 'noPermission'
  | 'exit';

interface Selection {
  nodes: string[];
  links: string[];
}
const NO_SELECTION: Selection = { nodes: [], links: [] };
const sameSelection = (a: Selection, b: Selection) =>
  a.nodes.join('\n') === b.nodes.join('\n') && a.links.join('\n') === b.links.join('\n');

/** How long a node found by Find Node or a search stays highlighted. */
const FOCUS_MS = 2500;

const newLinkId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `link-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What a default map (nothing saved) exports as. */
const defaultMapOf = (name: string) => ({
  name,
  description: '',
  type: 'graph',
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

const nextFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

function GraphMapEditor({ map, graph, mode, recipe = false, onFiltersChange }: GraphMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useReactFlow();
  const editor = useMapEditor({ map, graph, recipe });
  const { draft, editing } = editor;
  const typeLabels = useLinkTypeLabels();
  const frameRef = useRef<HTMLDivElement>(null);

  // --- What is shown -----------------------------------------------------------------------------
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

  // Labels of nodes seen, for the MapEditor's list of what was taken out of the map.
  const seenLabels = useRef(new Map<string, string>());
  useEffect(() => {
    for (const node of graph.nodes) seenLabels.current.set(node.key, node.label);
  }, [graph]);

  // --- Loops and the play ------------------------------------------------------------------------
  const loopGraph = useMemo(() => loopGraphOf(scene), [scene]);
  const loops = useLoops(scene, loopGraph, map?.id ?? null);
  const [loopFilter, setLoopFilter] = useState<LoopFilter>('all');
  const shownLoops = useMemo(
    () =>
      loopFilter === 'progress' ? loops.loops.filter((loop) => loop.throughProgress) : loops.loops,
    [loops.loops, loopFilter],
  );
  const player = usePlay(loopGraph);
  const [playFrom, setPlayFrom] = useState<string | null>(null);
  const playNodes = useMemo(() => {
    const sources = new Set(loopGraph.links.map((link) => link.source));
    return scene.nodes.filter((node) => sources.has(node.key));
  }, [scene, loopGraph]);

  // --- Highlights --------------------------------------------------------------------------------
  const [hoveredLoop, setHoveredLoop] = useState<NamedLoop | null>(null);
  const [matches, setMatches] = useState<string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  useEffect(() => {
    if (!focused) return;
    const timer = window.setTimeout(() => setFocused(null), FOCUS_MS);
    return () => window.clearTimeout(timer);
  }, [focused]);
  const highlight = useMemo(() => {
    const nodes = new Set<string>(matches);
    const links = new Set<string>();
    if (hoveredLoop) {
      hoveredLoop.nodes.forEach((key) => nodes.add(key));
      hoveredLoop.links.forEach((id) => links.add(id));
    }
    if (focused) nodes.add(focused);
    return { nodes, links };
  }, [matches, hoveredLoop, focused]);

  // --- Panels, dialogs, menus --------------------------------------------------------------------
  const [panel, setPanel] = useState<'search' | 'loops' | null>(null);
  const [legend, setLegend] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [editedLink, setEditedLink] = useState<MapLink | null>(null);
  const [editedWaypoint, setEditedWaypoint] = useState<GraphNode | null>(null);
  const [doomedWaypoint, setDoomedWaypoint] = useState<GraphNode | null>(null);
  const [waypointBusy, setWaypointBusy] = useState(false);
  const [newLink, setNewLink] = useState<{
    source: string;
    target: string;
    at: { x: number; y: number };
  } | null>(null);
  const [menu, setMenu] = useState<{ target: MenuTarget; at: { x: number; y: number } } | null>(
    null,
  );
  const [selection, setSelectionState] = useState<Selection>(NO_SELECTION);
  const setSelection = useCallback(
    (next: Selection) =>
      setSelectionState((current) => (sameSelection(current, next) ? current : next)),
    [],
  );
  const [ready, setReady] = useState(false);
  const [fitRequest, setFitRequest] = useState(0);
  const [selected3d, setSelected3d] = useState<string | null>(null);
  const closeDialog = () => setDialog(null);

  // --- Leaving with unsaved changes --------------------------------------------------------------
  const unsaved = editing && editor.dirty;
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current &&
      !editor.leavingRef.current &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // --- Changes -----------------------------------------------------------------------------------
  const { change } = editor;
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
    const doomed = new Set(ids);
    change((current) => ({
      ...current,
      links: current.links.filter((link) => !doomed.has(link.id)),
    }));
    setEditedLink(null);
  };
  const toggleNodes = (keys: readonly string[], include: boolean) =>
    change((current) => {
      const excluded = new Set(current.excluded);
      for (const key of keys) {
        if (include) excluded.delete(key);
        else excluded.add(key);
      }
      return { ...current, excluded: [...excluded] };
    });
  const applyInfo = (fields: MapInfoFields) => {
    change((current) => ({ ...current, ...fields }));
    notifySuccess(t('mapEditor:info.applied'));
  };
  /** Deleting what is selected: links go, nodes leave the map, a waypoint is asked about. */
  const deleteSelection = (nodes: readonly string[], links: readonly string[]) => {
    if (!editing) return;
    if (links.length) deleteLinks(links);
    const waypoint = nodes.find((key) => parseMapNodeKey(key)?.kind === 'waypoint');
    const others = nodes.filter((key) => parseMapNodeKey(key)?.kind !== 'waypoint');
    if (others.length) toggleNodes(others, false);
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

  // --- Finding things ----------------------------------------------------------------------------
  const fit = () => {
    if (mode === '3D') setFitRequest((count) => count + 1);
    else void flow.fitView({ padding: 0.15, duration: 300 });
  };
  const focusNode = (key: string) => {
    setFocused(key);
    if (mode === '3D') return;
    const centre = centres.get(key);
    if (centre)
      void flow.setCenter(centre.x, centre.y, {
        zoom: Math.max(flow.getZoom(), 1.1),
        duration: 400,
      });
  };
  const showNodes = (keys: readonly string[]) => {
    if (mode === '3D' || keys.length === 0) return;
    void flow.fitView({
      nodes: keys.map((id) => ({ id })),
      padding: 0.25,
      duration: 400,
      maxZoom: 1.5,
    });
  };
  const onMatches = useCallback((keys: string[]) => setMatches(keys), []);

  // --- Waypoints ---------------------------------------------------------------------------------
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
        change((current) => ({
          ...current,
          positions2d: {
            ...current.positions2d,
            [key]: { x: Math.round(at.x), y: Math.round(at.y) },
          },
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

  // --- Export ------------------------------------------------------------------------------------
  const mapName = map ? draft.name : t('mapEditor:defaultName');
  const exportMap = async (format: 'png' | 'svg' | 'json') => {
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

  // --- Toolbar -----------------------------------------------------------------------------------
  const startPlay = (key: string | null) => {
    if (!key) return;
    if (!player.start(key)) notifyError(new Error(t('mapEditor:play.nothingToPlay')));
  };
  const onAction = (action: ToolbarAction) => {
    switch (action) {
      case 'edit':
        if (!editor.startEditing()) setDialog('noPermission');
        return;
      case 'copy':
      case 'saveAs':
        setDialog('saveAs');
        return;
      case 'search':
        setPanel(panel === 'search' ? null : 'search');
        return;
      case 'loops':
        setPanel(panel === 'loops' ? null : 'loops');
        return;
      case 'legend':
        setLegend(!legend);
        return;
      case 'fit':
        fit();
        return;
      case 'find':
        setDialog('find');
        return;
      case 'save':
        void editor.save(positions);
        return;
      case 'rename':
        setDialog('rename');
        return;
      case 'exit':
        if (editor.dirty) setDialog('exit');
        else editor.exitEditing();
        return;
      case 'undo':
        editor.undo();
        return;
      case 'redo':
        editor.redo();
        return;
      case 'delete':
        deleteSelection(selection.nodes, selection.links);
        return;
      case 'settings':
      case 'mapEditor':
      case 'waypoints':
        setDialog(action);
        return;
      case 'addWaypoint':
        setEditedWaypoint(null);
        setDialog('addWaypoint');
        return;
      case 'addProblem':
        setDialog('problem');
        return;
      case 'addStory':
        setDialog('story');
        return;
      case 'tidy':
        tidy();
        return;
      case 'play':
        startPlay(playFrom ?? selection.nodes[0] ?? null);
        if (!playFrom && !selection.nodes[0]) setPanel('loops');
        return;
      case 'stop':
        player.stop();
        return;
      case 'exportPng':
        void exportMap('png');
        return;
      case 'exportSvg':
        void exportMap('svg');
        return;
      case 'exportJson':
        void exportMap('json');
    }
  };
  useHotkeys(
    editing
      ? [
          ['mod+Z', () => editor.undo()],
          ['mod+shift+Z', () => editor.redo()],
          ['mod+S', () => void editor.save(positions)],
        ]
      : [],
  );

  const selectionNode = selection.nodes[0] ?? null;
  useEffect(() => {
    if (selectionNode && playNodes.some((node) => node.key === selectionNode))
      setPlayFrom(selectionNode);
  }, [selectionNode, playNodes]);

  const canvasLabel = t('mapEditor:canvas.label', { name: mapName });
  const background = draft.settings.customBackgroundColor
    ? draft.settings.backgroundColor
    : undefined;
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
  const onReady = useCallback(() => setReady(true), []);

  // --- Menus at the pointer ----------------------------------------------------------------------
  const menuNode = menu?.target.kind === 'node' ? (scene.byKey.get(menu.target.key) ?? null) : null;
  const menuLink =
    menu?.target.kind === 'link'
      ? (draft.links.find((link) => link.id === (menu.target as { id: string }).id) ?? null)
      : null;
  const menuNodePath = menuNode ? nodePath(menuNode) : null;

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
        {mode === '3D' && positions3d ? (
          <Suspense fallback={<Skeleton h="100%" aria-label={t('mapEditor:threeD.loading')} />}>
            <GraphMap3D
              scene={scene}
              positions={positions3d}
              layers={draft.layers}
              settings={draft.settings}
              highlight={highlight.nodes}
              fitRequest={fitRequest}
              label={canvasLabel}
              labelOf={(node) => node.label}
              onSelect={setSelected3d}
              onReady={onReady}
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
            onReady={onReady}
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

      <PointMenu
        at={newLink?.at ?? null}
        label={t('mapEditor:linkMenu.label')}
        onClose={() => setNewLink(null)}
      >
        <Menu.Label>{t('mapEditor:linkMenu.title')}</Menu.Label>
        {LINK_TYPES.filter((type) => draft.cldsEnabled || !type.startsWith('cld')).map((type) => (
          <Menu.Item key={type} onClick={() => addLink(type)}>
            {typeLabels[type]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => setNewLink(null)}>{t('common:actions.cancel')}</Menu.Item>
      </PointMenu>

      <PointMenu
        at={menu?.at ?? null}
        label={t('mapEditor:contextMenu.label')}
        onClose={() => setMenu(null)}
      >
        {menu?.target.kind === 'pane' ? (
          <>
            <Menu.Label>{t('mapEditor:stageMenu.title')}</Menu.Label>
            <Menu.Item
              onClick={() => setSettings({ showParticipants: !draft.settings.showParticipants })}
            >
              {draft.settings.showParticipants
                ? t('mapEditor:stageMenu.hideParticipants')
                : t('mapEditor:stageMenu.showParticipants')}
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                setSettings({ showSpaceSolutions: !draft.settings.showSpaceSolutions })
              }
            >
              {draft.settings.showSpaceSolutions
                ? t('mapEditor:stageMenu.hideSolutions')
                : t('mapEditor:stageMenu.showSolutions')}
            </Menu.Item>
            {editing ? null : (
              <Menu.Item onClick={() => onAction('edit')}>
                {t('mapEditor:stageMenu.edit')}
              </Menu.Item>
            )}
          </>
        ) : null}
        {menuNode ? (
          <>
            <Menu.Label>{menuNode.label}</Menu.Label>
            {menuNodePath ? (
              <Menu.Item onClick={() => void navigate(menuNodePath)}>
                {t('mapEditor:nodeMenu.open')}
              </Menu.Item>
            ) : null}
            {playNodes.some((node) => node.key === menuNode.key) ? (
              <Menu.Item
                onClick={() => {
                  setPlayFrom(menuNode.key);
                  startPlay(menuNode.key);
                }}
              >
                {t('mapEditor:nodeMenu.play')}
              </Menu.Item>
            ) : null}
            {editing && menuNode.kind === 'waypoint' ? (
              <>
                <Menu.Item
                  onClick={() => {
                    setEditedWaypoint(menuNode);
                    setDialog(null);
                  }}
                >
                  {t('mapEditor:nodeMenu.editWaypoint')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setDoomedWaypoint(menuNode)}>
                  {t('mapEditor:nodeMenu.deleteWaypoint')}
                </Menu.Item>
              </>
            ) : null}
            {editing && menuNode.kind !== 'waypoint' ? (
              <Menu.Item color="red" onClick={() => toggleNodes([menuNode.key], false)}>
                {t('mapEditor:nodeMenu.remove')}
              </Menu.Item>
            ) : null}
          </>
        ) : null}
        {menuLink ? (
          <>
            <Menu.Label>
              {t('mapEditor:linkContext.title', { type: typeLabels[menuLink.type] })}
            </Menu.Label>
            {editing ? (
              <>
                <Menu.Item onClick={() => setEditedLink(menuLink)}>
                  {t('mapEditor:linkContext.edit')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => deleteLinks([menuLink.id])}>
                  {t('mapEditor:linkContext.delete')}
                </Menu.Item>
              </>
            ) : (
              <Menu.Item onClick={() => onAction('edit')}>
                {t('mapEditor:stageMenu.edit')}
              </Menu.Item>
            )}
          </>
        ) : null}
      </PointMenu>

      <LinkDialog
        link={editedLink}
        cldsEnabled={draft.cldsEnabled}
        nodeLabel={words.nodeLabel}
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
            nodeLabel={words.nodeLabel}
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
      <NoPermissionDialog opened={dialog === 'noPermission'} onClose={closeDialog} />
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
    </div>
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
