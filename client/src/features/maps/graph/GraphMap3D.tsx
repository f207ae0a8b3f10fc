// The 3D map (its own chunk, loaded with the first 3D view): the same nodes and links in three
// dimensions with the map's layers as translucent planes (name, axes with ticks, date ranges),
// nodes on the plane of the first layer whose tags they have. three.js through @react-three/fiber,
// drawn on demand (a frame when something moves, none while still), so a software renderer keeps
// up. One instanced mesh per kind of node and one line set per kind of link keep the draw calls few.
import { Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import {
  linkStyleOf,
  problemStatusColor,
  type MapLayer,
  type MapNodeKind,
  type MapSettings,
} from '@rules';
import {
  Component,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  BoxGeometry,
  BufferGeometry,
  Color,
  ConeGeometry,
  DoubleSide,
  Float32BufferAttribute,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  OctahedronGeometry,
  Quaternion,
  SphereGeometry,
  Vector3,
  type BufferGeometry as Geometry,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { AUTO_LINK_COLOR } from './linkPainter';
import { KIND_COLORS } from './MapNodes';
import { Label, NodeLabels } from './Labels3D';
import { axisTicks, LABEL_MIN_TEXT_PX, planeBounds, textAnchor, type Bounds } from './layers3d';
import { layerZ, PX_PER_UNIT_3D } from './layout';
import { signedCurvature } from './linkGeometry';
import { iconSizeOf, kindOf, type GraphNode, type Scene } from './scene';

type Point3 = { x: number; y: number; z: number };

export interface GraphMap3DProps {
  scene: Scene;
  positions: ReadonlyMap<string, Point3>;
  layers: readonly MapLayer[];
  settings: MapSettings;
  /** Nodes drawn highlighted (search matches, a loop hovered). */
  highlight: ReadonlySet<string>;
  /** Changes when the view should fit the whole map again (Zoom to Fit). */
  fitRequest: number;
  label: string;
  labelOf: (node: GraphNode) => string;
  onSelect: (key: string | null) => void;
  onReady: () => void;
}

/** Text sprites cost a texture each: a large map labels its first nodes only (problems first). */
const LABELS_MAX = 300;
const CURVE_SEGMENTS = 12;
const HIGHLIGHT = new Color('#FFA500');

const geometryOf = (kind: MapNodeKind, radius: number): Geometry => {
  switch (kind) {
    case 'problem':
      return new ConeGeometry(radius, radius * 2, 3);
    case 'tag':
      return new BoxGeometry(radius * 2.4, radius * 1.2, radius * 1.2);
    case 'waypoint':
      return new OctahedronGeometry(radius * 1.2);
    default:
      return new SphereGeometry(radius, 16, 12);
  }
};

const colorOf = (node: GraphNode) => {
  const kind = kindOf(node);
  return kind === 'problem' ? problemStatusColor(node.status) : KIND_COLORS[kind];
};

/**
 * The lit material of an instanced mesh; it and the mesh's geometry are freed on the GPU when either
 * is replaced or the mesh goes.
 */
function useInstanceMaterial(geometry: Geometry): MeshLambertMaterial {
  const material = useMemo(() => new MeshLambertMaterial(), []);
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );
  return material;
}

/** One instanced mesh for all nodes of a kind. */
const NodeInstances = memo(function NodeInstances({
  kind,
  nodes,
  positions,
  radius,
  highlight,
  onSelect,
}: {
  kind: MapNodeKind;
  nodes: readonly GraphNode[];
  positions: ReadonlyMap<string, Point3>;
  radius: number;
  highlight: ReadonlySet<string>;
  onSelect: (key: string | null) => void;
}) {
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const geometry = useMemo(() => geometryOf(kind, radius), [kind, radius]);
  const material = useInstanceMaterial(geometry);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const matrix = new Matrix4();
    const color = new Color();
    nodes.forEach((node, index) => {
      const at = positions.get(node.key) ?? { x: 0, y: 0, z: 0 };
      matrix.makeTranslation(at.x, at.y, at.z);
      mesh.setMatrixAt(index, matrix);
      mesh.setColorAt(index, highlight.has(node.key) ? HIGHLIGHT : color.set(colorOf(node)));
    });
    mesh.count = nodes.length;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    mesh.computeBoundingSphere();
    invalidate();
  }, [nodes, positions, highlight, invalidate]);
  return (
    <instancedMesh
      ref={ref}
      args={[geometry, material, Math.max(1, nodes.length)]}
      onClick={(event: ThreeEvent<MouseEvent>) => {
        event.stopPropagation();
        const node = event.instanceId === undefined ? undefined : nodes[event.instanceId];
        onSelect(node?.key ?? null);
      }}
    />
  );
});

/** Points along a link: a straight segment, or a bend in the plane of its ends (as in 2D). */
function linkPoints(from: Point3, to: Point3, curvature: number): Vector3[] {
  const start = new Vector3(from.x, from.y, from.z);
  const end = new Vector3(to.x, to.y, to.z);
  if (curvature === 0 || start.distanceTo(end) < 1e-6) return [start, end];
  const middle = start.clone().add(end).multiplyScalar(0.5);
  const direction = end.clone().sub(start);
  // 2D's y grows downwards, 3D's upwards: the same side is the other perpendicular here.
  const side = new Vector3(direction.y, -direction.x, 0)
    .normalize()
    .multiplyScalar(direction.length() * curvature);
  const control = middle.add(side.multiplyScalar(-1));
  const points: Vector3[] = [];
  for (let step = 0; step <= CURVE_SEGMENTS; step++) {
    const t = step / CURVE_SEGMENTS;
    const a = start.clone().lerp(control, t);
    const b = control.clone().lerp(end, t);
    points.push(a.lerp(b, t));
  }
  return points;
}

/** The links as line segments with a colour per vertex: one draw call for all of them. */
function Links({ scene, positions }: { scene: Scene; positions: ReadonlyMap<string, Point3> }) {
  const invalidate = useThree((state) => state.invalidate);
  const geometry = useMemo(() => {
    const vertices: number[] = [];
    const colors: number[] = [];
    const color = new Color();
    const add = (points: Vector3[], hex: string) => {
      color.set(hex);
      for (let index = 0; index + 1 < points.length; index++) {
        const a = points[index]!;
        const b = points[index + 1]!;
        vertices.push(a.x, a.y, a.z, b.x, b.y, b.z);
        colors.push(color.r, color.g, color.b, color.r, color.g, color.b);
      }
    };
    for (const edge of scene.edges) {
      const from = positions.get(edge.source);
      const to = positions.get(edge.target);
      if (from && to) add(linkPoints(from, to, 0), AUTO_LINK_COLOR);
    }
    for (const link of scene.links) {
      const from = positions.get(link.source);
      const to = positions.get(link.target);
      const style = linkStyleOf(link);
      if (from && to && style.visible)
        add(linkPoints(from, to, signedCurvature(style)), style.color);
    }
    const built = new BufferGeometry();
    built.setAttribute('position', new Float32BufferAttribute(vertices, 3));
    built.setAttribute('color', new Float32BufferAttribute(colors, 3));
    return built;
  }, [scene, positions]);
  useEffect(() => {
    invalidate();
    return () => geometry.dispose();
  }, [geometry, invalidate]);
  return (
    <lineSegments geometry={geometry}>
      <lineBasicMaterial vertexColors />
    </lineSegments>
  );
}

/** Arrowheads of the custom links, at their arrow position, pointing along them. */
function Arrows({ scene, positions }: { scene: Scene; positions: ReadonlyMap<string, Point3> }) {
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((state) => state.invalidate);
  const arrows = useMemo(
    () =>
      scene.links.flatMap((link) => {
        const style = linkStyleOf(link);
        const from = positions.get(link.source);
        const to = positions.get(link.target);
        if (!from || !to || !style.arrowEnabled || !style.visible || link.source === link.target)
          return [];
        const points = linkPoints(from, to, signedCurvature(style));
        const at = Math.min(
          points.length - 2,
          Math.floor(style.arrowPosition * (points.length - 1)),
        );
        const a = points[Math.max(0, at)]!;
        const b = points[Math.max(1, at + 1)]!;
        const t = style.arrowPosition * (points.length - 1) - at;
        return [
          {
            tip: a.clone().lerp(b, Math.min(1, t)),
            direction: b.clone().sub(a).normalize(),
            color: style.arrowColor,
          },
        ];
      }),
    [scene, positions],
  );
  const geometry = useMemo(() => new ConeGeometry(0.6, 1.8, 8), []);
  const material = useInstanceMaterial(geometry);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const matrix = new Matrix4();
    const rotation = new Quaternion();
    const up = new Vector3(0, 1, 0);
    const scale = new Vector3(1, 1, 1);
    const color = new Color();
    arrows.forEach((arrow, index) => {
      rotation.setFromUnitVectors(up, arrow.direction);
      matrix.compose(arrow.tip, rotation, scale);
      mesh.setMatrixAt(index, matrix);
      mesh.setColorAt(index, color.set(arrow.color));
    });
    mesh.count = arrows.length;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [arrows, invalidate]);
  if (arrows.length === 0) return null;
  return <instancedMesh ref={ref} args={[geometry, material, arrows.length]} />;
}

function Plane({ layer, index, bounds }: { layer: MapLayer; index: number; bounds: Bounds }) {
  const { i18n } = useTranslation();
  const z = layerZ(index);
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const centre = { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2 };
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
    return (date: Date) => format.format(date);
  }, [i18n.language]);
  const ticks = useMemo(() => axisTicks(layer, formatDate), [layer, formatDate]);
  const axis = useMemo(() => {
    if (!layer.enableAxis) return null;
    const vertices: number[] = [];
    const line = (x0: number, y0: number, x1: number, y1: number) =>
      vertices.push(x0, y0, z, x1, y1, z);
    line(bounds.minX, bounds.minY, bounds.maxX, bounds.minY);
    line(bounds.minX, bounds.minY, bounds.minX, bounds.maxY);
    const xs = ticks.x.map((_, at) => bounds.minX + (width * at) / Math.max(1, ticks.x.length - 1));
    const ys = ticks.y.map(
      (_, at) => bounds.minY + (height * at) / Math.max(1, ticks.y.length - 1),
    );
    for (const x of xs) {
      line(x, bounds.minY, x, bounds.minY - 1.5);
      if (layer.enableVerticalLines) line(x, bounds.minY, x, bounds.maxY);
    }
    for (const y of ys) line(bounds.minX, y, bounds.minX - 1.5, y);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(vertices, 3));
    return { geometry, xs, ys };
  }, [layer.enableAxis, layer.enableVerticalLines, bounds, ticks, width, height, z]);
  useEffect(() => () => axis?.geometry.dispose(), [axis]);
  const anchor = textAnchor(layer, bounds);
  return (
    <group>
      <mesh position={[centre.x, centre.y, z]} renderOrder={-1}>
        <planeGeometry args={[width, height]} />
        <meshBasicMaterial
          color={layer.color}
          transparent={layer.transparent}
          opacity={layer.transparent ? layer.opacity : 1}
          wireframe={layer.wireframe}
          side={DoubleSide}
          depthWrite={false}
        />
      </mesh>
      {layer.showTextName && layer.name ? (
        <Label
          text={layer.name}
          at={{ x: anchor.x, y: anchor.y, z: z + 0.1 }}
          color={layer.color}
          height={layer.textFontSize / 12}
          align={anchor.align}
        />
      ) : null}
      {axis ? (
        <>
          <lineSegments geometry={axis.geometry}>
            <lineBasicMaterial color="#495057" />
          </lineSegments>
          {axis.xs.map((x, at) =>
            ticks.x[at] ? (
              <Label
                key={`x${at}`}
                text={ticks.x[at]}
                at={{ x, y: bounds.minY - 2.4, z }}
                height={1.4}
                align="below"
                minTextPx={LABEL_MIN_TEXT_PX - 1}
              />
            ) : null,
          )}
          {axis.ys.map((y, at) =>
            ticks.y[at] ? (
              <Label
                key={`y${at}`}
                text={ticks.y[at]}
                at={{ x: bounds.minX - 2.5, y, z }}
                height={1.4}
                align="right"
                minTextPx={LABEL_MIN_TEXT_PX - 1}
              />
            ) : null,
          )}
          {layer.xAxisLabel ? (
            <Label
              text={layer.xAxisLabel}
              at={{ x: centre.x, y: bounds.minY - 6, z }}
              height={1.8}
            />
          ) : null}
          {layer.yAxisLabel ? (
            <Label
              text={layer.yAxisLabel}
              at={{ x: bounds.minX - 4, y: bounds.maxY + 3, z }}
              height={1.8}
              align="right"
            />
          ) : null}
        </>
      ) : null}
    </group>
  );
}

/** Orbit controls driven here: a frame is drawn when the camera moves, none while it is still. */
function Controls({
  target,
  distance,
  fitRequest,
}: {
  target: Vector3;
  distance: number;
  fitRequest: number;
}) {
  const camera = useThree((state) => state.camera);
  const element = useThree((state) => state.gl.domElement);
  const invalidate = useThree((state) => state.invalidate);
  const get = useThree((state) => state.get);
  const controls = useMemo(() => new OrbitControls(camera, element), [camera, element]);
  useEffect(() => {
    const onChange = () => invalidate();
    controls.addEventListener('change', onChange);
    return () => {
      controls.removeEventListener('change', onChange);
      controls.dispose();
    };
  }, [controls, invalidate]);
  useEffect(() => {
    // A view from the front and a little above, the whole map in sight. A canvas narrower than
    // tall (a phone) sees less across: the camera steps back to fit it. Read at the fit only, so
    // a resize (a phone's address bar) never resets the view someone turned.
    const { size } = get();
    const away = distance / Math.min(1, size.width / Math.max(1, size.height));
    camera.position.set(target.x, target.y - away * 0.35, target.z + away);
    camera.near = Math.max(0.1, away / 1000);
    camera.far = away * 20;
    camera.updateProjectionMatrix();
    controls.target.copy(target);
    controls.update();
    invalidate();
  }, [camera, controls, target, distance, fitRequest, invalidate, get]);
  return null;
}

/** Reports the first frame drawn. */
function FirstFrame({ onReady }: { onReady: () => void }) {
  const gl = useThree((state) => state.gl);
  useEffect(() => {
    const frame = requestAnimationFrame(() => requestAnimationFrame(onReady));
    return () => cancelAnimationFrame(frame);
  }, [gl, onReady]);
  return null;
}

class WebGLBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export default function GraphMap3D(props: GraphMap3DProps) {
  const { t } = useTranslation();
  const { scene, positions, settings } = props;
  const radius = iconSizeOf(settings) / PX_PER_UNIT_3D / 2;
  const byKind = useMemo(() => {
    const groups = new Map<MapNodeKind, GraphNode[]>();
    for (const node of scene.nodes) {
      const kind = kindOf(node);
      groups.set(kind, [...(groups.get(kind) ?? []), node]);
    }
    return groups;
  }, [scene]);
  const bounds = useMemo(() => planeBounds(positions.values()), [positions]);
  const { target, distance } = useMemo(() => {
    const zs = [...positions.values()].map((point) => point.z);
    const zMin = Math.min(0, ...zs, ...props.layers.map((_, index) => layerZ(index)));
    const zMax = Math.max(0, ...zs);
    const size = Math.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY, zMax - zMin, 20);
    return {
      target: new Vector3(
        (bounds.minX + bounds.maxX) / 2,
        (bounds.minY + bounds.maxY) / 2,
        (zMin + zMax) / 2,
      ),
      distance: size * 1.3,
    };
  }, [positions, bounds, props.layers]);
  // Problems first: where labels crowd, theirs show.
  const { labelOf } = props;
  const labels = useMemo(
    () =>
      [...scene.nodes]
        .sort((a, b) => Number(kindOf(b) === 'problem') - Number(kindOf(a) === 'problem'))
        .slice(0, LABELS_MAX)
        .flatMap((node) => {
          const at = positions.get(node.key);
          return at
            ? [{ id: node.key, text: labelOf(node), at: { ...at, y: at.y - radius * 1.4 } }]
            : [];
        }),
    [scene, positions, labelOf, radius],
  );
  const background = settings.customBackgroundColor ? settings.backgroundColor : '#f9f9f9';
  const fallback = (
    <div role="alert" style={{ padding: 24 }}>
      {t('mapEditor:threeD.unavailable')}
    </div>
  );
  return (
    <WebGLBoundary fallback={fallback}>
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        gl={{ antialias: true, preserveDrawingBuffer: true }}
        camera={{ fov: 50, position: [0, 0, 100] }}
        onPointerMissed={() => props.onSelect(null)}
        aria-label={props.label}
        role="img"
      >
        <color attach="background" args={[background]} />
        <ambientLight intensity={1.6} />
        <directionalLight position={[100, 200, 300]} intensity={1.2} />
        <Controls target={target} distance={distance} fitRequest={props.fitRequest} />
        {props.layers.map((layer, index) =>
          layer.show ? <Plane key={layer.id} layer={layer} index={index} bounds={bounds} /> : null,
        )}
        <Links scene={scene} positions={positions} />
        <Arrows scene={scene} positions={positions} />
        {[...byKind].map(([kind, nodes]) => (
          <NodeInstances
            key={kind}
            kind={kind}
            nodes={nodes}
            positions={positions}
            radius={radius}
            highlight={props.highlight}
            onSelect={props.onSelect}
          />
        ))}
        <NodeLabels labels={labels} />
        <FirstFrame onReady={props.onReady} />
      </Canvas>
    </WebGLBoundary>
  );
}
