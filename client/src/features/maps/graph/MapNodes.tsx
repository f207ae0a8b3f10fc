// The canvas's nodes, one memoised component per kind: problems as triangles in their status
// colour, solutions as a bulb, stories as their author's photo with the date, tags as a #tag pill,
// participants as their avatar, waypoints as a flag in a diamond.
// Links are painted under the nodes (LinkCanvas); in edit mode each node shows a dot to drag a new
// link from.
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { IconBulb, IconFlag, IconUser } from '@tabler/icons-react';
import { problemStatusColor, type MapNodeKind } from '@rules';
import { memo, useState, type ReactNode } from 'react';
import classes from './GraphMap.module.css';
import type { GraphNode } from './scene';

/** The colours of the kinds without one of their own (problems take their status colour). */
export const KIND_COLORS = {
  solution: '#F59F00',
  story: '#339AF0',
  tag: '#7048E8',
  user: '#0CA678',
  waypoint: '#E8590C',
} as const;

export type MapNodeData = {
  node: GraphNode;
  kind: MapNodeKind;
  /** Width and height of the icon box. */
  width: number;
  height: number;
  fontSize: number;
  /** What the node is, in words (kind, name, a problem's status): its tooltip. */
  title: string;
  /** A story's date, formatted. */
  date: string | null;
};

export type MapFlowNode = Node<MapNodeData>;

/** The dot a new link is dragged from (edit mode). */
export const CONNECTOR = 'connector';

function NodeFrame({
  data,
  children,
  label = true,
}: {
  data: MapNodeData;
  children: ReactNode;
  label?: boolean;
}) {
  return (
    <div
      className={classes.node}
      style={{ width: data.width, height: data.height, fontSize: data.fontSize }}
      title={data.title}
    >
      {children}
      {label ? (
        <div className={classes.label}>
          {data.date ? <span className={classes.date}>{data.date}</span> : null}
          {data.node.label}
        </div>
      ) : null}
      <Handle
        id={CONNECTOR}
        type="source"
        position={Position.Right}
        className={classes.connector}
      />
    </div>
  );
}

/** A photo, or the fallback icon when there is none or it fails to load. */
function Photo({ src, color }: { src: string | null; color: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.icon} style={{ background: color }}>
      {src && !failed ? (
        <img
          className={classes.photo}
          src={src}
          alt=""
          loading="lazy"
          draggable={false}
          onError={() => setFailed(true)}
        />
      ) : (
        <IconUser size="60%" aria-hidden />
      )}
    </div>
  );
}

/** A node drawn as a white-edged polygon on a 100×100 grid (the problem's triangle, the waypoint's diamond). */
function PolygonIcon({
  shape,
  points,
  fill,
  strokeLinejoin,
}: {
  shape: string | undefined;
  points: string;
  fill: string;
  strokeLinejoin?: 'round';
}) {
  return (
    <svg className={`${classes.icon} ${shape}`} viewBox="0 0 100 100" aria-hidden focusable="false">
      <polygon
        points={points}
        fill={fill}
        stroke="#ffffff"
        strokeWidth="4"
        strokeLinejoin={strokeLinejoin}
      />
    </svg>
  );
}

export const ProblemNode = memo(function ProblemNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data}>
      <PolygonIcon
        shape={classes.triangle}
        points="50,4 97,92 3,92"
        fill={problemStatusColor(data.node.status)}
        strokeLinejoin="round"
      />
    </NodeFrame>
  );
});

export const SolutionNode = memo(function SolutionNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data}>
      <div className={classes.icon} style={{ background: KIND_COLORS.solution }}>
        <IconBulb size="70%" aria-hidden />
      </div>
    </NodeFrame>
  );
});

export const StoryNode = memo(function StoryNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data}>
      <Photo src={data.node.photoURL} color={KIND_COLORS.story} />
    </NodeFrame>
  );
});

export const UserNode = memo(function UserNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data}>
      <Photo src={data.node.photoURL} color={KIND_COLORS.user} />
    </NodeFrame>
  );
});

export const TagNode = memo(function TagNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data} label={false}>
      <div
        className={`${classes.icon} ${classes.tag}`}
        style={{ background: KIND_COLORS.tag, lineHeight: `${data.height}px` }}
      >
        {data.node.label}
      </div>
    </NodeFrame>
  );
});

export const WaypointNode = memo(function WaypointNode({ data }: NodeProps<MapFlowNode>) {
  return (
    <NodeFrame data={data}>
      <PolygonIcon
        shape={classes.diamond}
        points="50,2 98,50 50,98 2,50"
        fill={KIND_COLORS.waypoint}
      />
      <IconFlag
        size="45%"
        aria-hidden
        style={{ position: 'absolute', left: '27.5%', top: '27.5%' }}
      />
    </NodeFrame>
  );
});

/** React Flow's node types: a node's `type` is its kind. Defined once (a new object re-mounts all). */
export const NODE_TYPES = {
  problem: ProblemNode,
  solution: SolutionNode,
  story: StoryNode,
  tag: TagNode,
  user: UserNode,
  waypoint: WaypointNode,
} satisfies Record<MapNodeKind, unknown>;
