// The 2D map: React Flow with the map's nodes (only those on screen rendered, memoised, rebuilt
// only where something changed) over a canvas with its links. Pan, zoom, select; in edit mode drag
// nodes and draw links from a node's dot to another node. Links are chosen by pointing at them on
// the canvas (a click selects, a double click edits, a right click opens the link menu).
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useReactFlow,
  useStoreApi,
  type NodeChange,
  type OnConnectEnd,
  type OnSelectionChangeParams,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  problemStatusColor,
  type MapLink,
  type MapPositions,
  type MapSettings,
  type SignalStep,
} from '@rules';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { canvasStyleOf } from './canvasStyle';
import { LoopLabels, PlayTokens } from './CanvasOverlays';
import { flowNodesOf, paintedLinksOf, syncFlowNodes, type NodeWords } from './flowElements';
import classes from './GraphMap.module.css';
import { centresOf, LinkCanvas } from './LinkCanvas';
import { linkAt, LinkCurves } from './linkPainter';
import { KIND_COLORS, NODE_TYPES, type MapFlowNode } from './MapNodes';
import type { GraphNode, NamedLoop, NodeBox, Scene } from './scene';
import { arrivals } from './usePlay';

/** A map this big opens on its middle part: fitting all of it would render every node at once. */
export const FIT_ALL_MAX_NODES = 400;
const FIRST_VIEW_NODES = 60;
/** The overview map costs a rectangle per node on every pan: left out on large maps. */
const MINIMAP_MAX_NODES = 500;

export type MenuTarget =
  { kind: 'node'; key: string } | { kind: 'link'; id: string } | { kind: 'pane' };

export interface GraphCanvasProps {
  scene: Scene;
  positions: MapPositions;
  centres: ReadonlyMap<string, { x: number; y: number }>;
  boxes: ReadonlyMap<string, NodeBox>;
  settings: MapSettings;
  editing: boolean;
  label: string;
  wordsOf: (node: GraphNode) => NodeWords;
  highlight: { nodes: ReadonlySet<string>; links: ReadonlySet<string> };
  loops: readonly NamedLoop[];
  play: { step: SignalStep; index: number } | null;
  onMoved: (moved: MapPositions) => void;
  onConnect: (source: string, target: string, at: { x: number; y: number }) => void;
  onOpenLink: (id: string) => void;
  onDelete: (nodes: string[], links: string[]) => void;
  onSelectionChange: (selection: { nodes: string[]; links: string[] }) => void;
  onMenu: (target: MenuTarget, at: { x: number; y: number }) => void;
  onReady: () => void;
}

const pointOf = (event: MouseEvent | TouchEvent | ReactMouseEvent) => {
  const touch = 'changedTouches' in event ? event.changedTouches[0] : null;
  return touch
    ? { x: touch.clientX, y: touch.clientY }
    : { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY };
};

/** The nodes nearest the middle of the map: a large map's first view. */
function middleNodes(centres: ReadonlyMap<string, { x: number; y: number }>): { id: string }[] {
  const all = [...centres];
  const xs = all.map(([, point]) => point.x).sort((a, b) => a - b);
  const ys = all.map(([, point]) => point.y).sort((a, b) => a - b);
  const middle = { x: xs[Math.floor(xs.length / 2)] ?? 0, y: ys[Math.floor(ys.length / 2)] ?? 0 };
  return all
    .map(([id, point]) => ({ id, distance: Math.hypot(point.x - middle.x, point.y - middle.y) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, FIRST_VIEW_NODES)
    .map(({ id }) => ({ id }));
}

const NO_LINKS: ReadonlySet<string> = new Set();

export const GraphCanvas = memo(function GraphCanvas(props: GraphCanvasProps) {
  const { t } = useTranslation();
  const store = useStoreApi<MapFlowNode>();
  const { scene, positions, boxes, settings, editing, wordsOf } = props;
  const specs = useMemo(
    () => flowNodesOf(scene, positions, boxes, settings, wordsOf),
    [scene, positions, boxes, settings, wordsOf],
  );
  const [nodes, setNodes] = useState<MapFlowNode[]>(specs);
  const [syncedSpecs, setSyncedSpecs] = useState(specs);
  // Derived state: the map's nodes as React Flow holds them (with its drags and selection).
  if (syncedSpecs !== specs) {
    setSyncedSpecs(specs);
    setNodes((current) => syncFlowNodes(current, specs));
  }
  const painted = useMemo(() => paintedLinksOf(scene, boxes, settings), [scene, boxes, settings]);
  const [curves] = useState(() => new LinkCurves());
  const [selectedLinks, setSelectedLinks] = useState<ReadonlySet<string>>(NO_LINKS);
  const [overLink, setOverLink] = useState(false);
  const links = useMemo(
    () => new Map<string, MapLink>(scene.links.map((link) => [link.id, link])),
    [scene.links],
  );

  // React Flow re-runs its listeners whenever a handler changes: the handlers it keeps are
  // stable, reading the latest props.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const selectedNodes = useRef<string[]>([]);
  const report = useCallback(
    (links: ReadonlySet<string>) =>
      latest.current.onSelectionChange({ nodes: selectedNodes.current, links: [...links] }),
    [],
  );
  const onSelectionChange = useCallback(
    ({ nodes: chosen }: OnSelectionChangeParams<MapFlowNode>) => {
      selectedNodes.current = chosen.map((node) => node.id);
      report(selectedLinks);
    },
    [report, selectedLinks],
  );
  const chooseLinks = (next: ReadonlySet<string>) => {
    setSelectedLinks(next);
    report(next);
  };
  // Links that left the map are no longer selected.
  useEffect(() => {
    if ([...selectedLinks].some((id) => !links.has(id)))
      chooseLinks(new Set([...selectedLinks].filter((id) => links.has(id))));
    // chooseLinks is recreated every render; only the links matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [links, selectedLinks]);

  /** The custom link under a point of the screen, if any. */
  const linkUnder = (at: { x: number; y: number }) => {
    const { transform, domNode } = store.getState();
    const frame = domNode?.getBoundingClientRect();
    if (!frame) return null;
    const [x, y, zoom] = transform;
    const point = { x: (at.x - frame.left - x) / zoom, y: (at.y - frame.top - y) / zoom };
    return linkAt(point, zoom, painted, centresOf(store), curves);
  };

  const onNodesChange = (changes: NodeChange<MapFlowNode>[]) => {
    setNodes((current) => applyNodeChanges(changes, current));
    // A drag's end (and a move with the arrow keys) is a change of the map.
    const moved: MapPositions = {};
    for (const change of changes) {
      if (change.type === 'position' && change.position && change.dragging === false)
        moved[change.id] = { x: Math.round(change.position.x), y: Math.round(change.position.y) };
    }
    if (Object.keys(moved).length > 0) latest.current.onMoved(moved);
  };

  const onConnectEnd: OnConnectEnd = (event, connection) => {
    const from = connection.fromNode?.id;
    const at = pointOf(event);
    let to = connection.toNode?.id ?? null;
    if (!to) {
      // Dropped anywhere on a node (not only on a handle): that node.
      const element = document.elementFromPoint(at.x, at.y)?.closest('.react-flow__node');
      to = element?.getAttribute('data-id') ?? null;
    }
    if (from && to) props.onConnect(from, to, at);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!editing || (event.key !== 'Delete' && event.key !== 'Backspace')) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select'))
      return;
    // With nodes selected too, React Flow's own delete (onBeforeDelete) takes the links along.
    if (selectedLinks.size > 0 && selectedNodes.current.length === 0)
      props.onDelete([], [...selectedLinks]);
  };

  const hoverFrame = useRef(0);
  const onPaneMouseMove = (event: ReactMouseEvent) => {
    if (hoverFrame.current) return;
    const at = pointOf(event);
    hoverFrame.current = requestAnimationFrame(() => {
      hoverFrame.current = 0;
      setOverLink(linkUnder(at) !== null);
    });
  };

  const flashes = useMemo(
    () => (props.play ? arrivals(props.play.step) : new Map<string, 1 | -1>()),
    [props.play],
  );
  const style = canvasStyleOf({
    nodes: props.highlight.nodes,
    flashes,
    step: props.play?.index ?? 0,
    iconClass: classes.icon!,
  });

  const [fitOptions] = useState(() =>
    scene.nodes.length > FIT_ALL_MAX_NODES
      ? { nodes: middleNodes(props.centres), padding: 0.1, maxZoom: 1 }
      : { padding: 0.15, maxZoom: 1.25 },
  );
  // The view never leaves the drawing: when the nodes change under it (a save, someone else's
  // save, nodes the filters bring in) and none is on screen any more, it fits the map again.
  const flow = useReactFlow<MapFlowNode>();
  useEffect(() => {
    const { transform, width, height } = store.getState();
    if (!width || !height || specs.length === 0) return;
    const [x, y, zoom] = transform;
    const view = {
      left: -x / zoom,
      top: -y / zoom,
      right: (width - x) / zoom,
      bottom: (height - y) / zoom,
    };
    const onScreen = specs.some(
      (node) =>
        node.position.x < view.right &&
        node.position.x + (node.width ?? 0) > view.left &&
        node.position.y < view.bottom &&
        node.position.y + (node.height ?? 0) > view.top,
    );
    if (!onScreen) void flow.fitView({ ...fitOptions, duration: 300 });
  }, [specs, store, flow, fitOptions]);
  const onInit = (_instance: ReactFlowInstance<MapFlowNode>) => {
    // Ready once the first layout is on screen (the benchmark and the browser tests wait for it).
    requestAnimationFrame(() => requestAnimationFrame(props.onReady));
  };
  const ariaLabels = useMemo(
    () => ({
      'node.a11yDescription.default': t('mapEditor:canvas.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('mapEditor:canvas.nodeMoveHelp'),
      'node.a11yDescription.ariaLiveMessage': ({
        direction,
        x,
        y,
      }: {
        direction: string;
        x: number;
        y: number;
      }) => t('mapEditor:canvas.nodeMoved', { direction, x, y }),
      'edge.a11yDescription.default': t('mapEditor:canvas.linkHelp'),
      'controls.ariaLabel': t('mapEditor:canvas.controls'),
      'controls.zoomIn.ariaLabel': t('mapEditor:canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('mapEditor:canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('mapEditor:canvas.fitView'),
      'controls.interactive.ariaLabel': t('mapEditor:canvas.interactive'),
      'minimap.ariaLabel': t('mapEditor:canvas.minimap'),
      'handle.ariaLabel': t('mapEditor:canvas.handle'),
    }),
    [t],
  );

  const background = settings.customBackgroundColor ? settings.backgroundColor : undefined;
  const wrapperClass = [editing ? classes.editing : '', overLink ? classes.overLink : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {style ? <style>{style}</style> : null}
      <ReactFlow<MapFlowNode>
        className={wrapperClass || undefined}
        aria-label={props.label}
        nodes={nodes}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onConnectEnd={onConnectEnd}
        onSelectionChange={onSelectionChange}
        onBeforeDelete={async ({ nodes: doomed }) => {
          // Deleting is the editor's: a node leaves the map (excluded), a waypoint is asked about.
          props.onDelete(
            doomed.map((node) => node.id),
            [...selectedLinks],
          );
          return false;
        }}
        onPaneClick={(event) => {
          const id = linkUnder(pointOf(event));
          if (id) chooseLinks(new Set([id]));
          else if (selectedLinks.size > 0) chooseLinks(NO_LINKS);
        }}
        onDoubleClick={(event) => {
          if (!editing) return;
          const id = linkUnder(pointOf(event));
          if (id) props.onOpenLink(id);
        }}
        onPaneMouseMove={onPaneMouseMove}
        onPaneMouseLeave={() => setOverLink(false)}
        onKeyDown={onKeyDown}
        onNodeContextMenu={(event, node) => {
          event.preventDefault();
          props.onMenu({ kind: 'node', key: node.id }, pointOf(event));
        }}
        onPaneContextMenu={(event) => {
          event.preventDefault();
          const at = pointOf(event as ReactMouseEvent);
          const id = linkUnder(at);
          if (id) chooseLinks(new Set([id]));
          props.onMenu(id ? { kind: 'link', id } : { kind: 'pane' }, at);
        }}
        onInit={onInit}
        fitView
        fitViewOptions={fitOptions}
        minZoom={0.05}
        maxZoom={3}
        onlyRenderVisibleElements
        nodesDraggable={editing}
        nodesConnectable={editing}
        zoomOnDoubleClick={!editing}
        deleteKeyCode={editing ? ['Delete', 'Backspace'] : null}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={ariaLabels}
        style={{ background }}
      >
        {background ? null : <Background variant={BackgroundVariant.Dots} gap={24} size={1} />}
        <LinkCanvas
          links={painted}
          curves={curves}
          highlighted={props.highlight.links}
          selected={selectedLinks}
        />
        <Controls showInteractive={false} position="bottom-right" />
        {scene.nodes.length <= MINIMAP_MAX_NODES ? (
          <MiniMap
            position="bottom-right"
            style={{ marginRight: 56 }}
            pannable
            zoomable
            nodeColor={(node: MapFlowNode) =>
              node.data.kind === 'problem'
                ? problemStatusColor(node.data.node.status)
                : KIND_COLORS[node.data.kind]
            }
          />
        ) : null}
        <LoopLabels loops={props.loops} centres={props.centres} />
        {props.play ? (
          <PlayTokens
            step={props.play.step}
            index={props.play.index}
            links={links}
            centres={props.centres}
          />
        ) : null}
      </ReactFlow>
    </>
  );
});
