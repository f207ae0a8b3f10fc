// The 3D map's words: text drawn on sprites that face the camera, sized in world units near and
// never below a legible size on screen far (issue 24: at the first view they were a few pixels
// tall), wrapped on two lines like the 2D map's labels. Node labels that would cover one another
// give way to the ones before them (problems first), so a crowded view stays readable.
import { useFrame } from '@react-three/fiber';
import { memo, useEffect, useMemo, useRef } from 'react';
import {
  CanvasTexture,
  LinearFilter,
  PerspectiveCamera,
  SRGBColorSpace,
  Vector2,
  Vector3,
  type Camera,
  type Sprite,
} from 'three';
import {
  LABEL_MAX_EMS,
  LABEL_MIN_TEXT_PX,
  labelScale,
  TEXT_SHARE,
  unclutteredLabels,
  worldPerPixel,
  wrapLabel,
  type ScreenRect,
} from './layers3d';

type Point3 = { x: number; y: number; z: number };

/** Where a label's anchor point is on it (three's sprite centre: 0..1 from its bottom left). */
const LABEL_CENTRES = {
  center: new Vector2(0.5, 0.5),
  left: new Vector2(0, 0.5),
  right: new Vector2(1, 0.5),
  /** Hanging under the point: a node's name under the node, whatever size it is drawn. */
  below: new Vector2(0.5, 1),
} as const;
type Align = keyof typeof LABEL_CENTRES;

const TEXT_COLOR = '#212529';
/** A node label's line height in world units when it is near enough not to need more. */
const NODE_LABEL_HEIGHT = 1.6;

interface Drawn {
  texture: CanvasTexture;
  /** World size at scale 1. */
  width: number;
  height: number;
  lineHeight: number;
}

/** A texture of the text on at most two lines, and the world size it is drawn at. */
function textTexture(text: string, color: string, lineHeight: number): Drawn {
  // Sharp when the label is drawn large (near, or on a high-density screen).
  const pixelHeight = 96;
  const fontPx = pixelHeight * TEXT_SHARE;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const font = `600 ${fontPx}px system-ui, sans-serif`;
  context.font = font;
  const lines = wrapLabel(text, (line) => context.measureText(line).width, LABEL_MAX_EMS * fontPx);
  const textWidth = Math.max(1, ...lines.map((line) => context.measureText(line).width));
  const width = Math.min(2048, Math.ceil(textWidth) + 16);
  canvas.width = width;
  canvas.height = pixelHeight * lines.length;
  context.font = font;
  context.fillStyle = color;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.shadowColor = 'rgba(255,255,255,0.95)';
  context.shadowBlur = 8;
  lines.forEach((line, index) => context.fillText(line, width / 2, pixelHeight * (index + 0.5)));
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.minFilter = LinearFilter;
  return {
    texture,
    width: (lineHeight * width) / pixelHeight,
    height: lineHeight * lines.length,
    lineHeight,
  };
}

function useTextTexture(text: string, color: string, lineHeight: number) {
  const drawn = useMemo(() => textTexture(text, color, lineHeight), [text, color, lineHeight]);
  useEffect(() => () => drawn.texture.dispose(), [drawn]);
  return drawn;
}

/**
 * Scales a label for the camera (its world size, or more to stay `minTextPx` tall on screen) and
 * answers its size on screen in CSS pixels.
 */
function fitToCamera(
  sprite: Sprite,
  drawn: Drawn,
  camera: PerspectiveCamera,
  canvasPx: number,
  minTextPx: number,
) {
  const distance = camera.position.distanceTo(sprite.position);
  const scale = labelScale(drawn.lineHeight, distance, camera.fov, canvasPx, minTextPx);
  sprite.scale.set(drawn.width * scale, drawn.height * scale, 1);
  const perPx = worldPerPixel(distance, camera.fov, canvasPx);
  return { width: (drawn.width * scale) / perPx, height: (drawn.height * scale) / perPx };
}

function LabelSprite({
  drawn,
  at,
  align,
  spriteRef,
}: {
  drawn: Drawn;
  at: Point3;
  align: Align;
  spriteRef: (sprite: Sprite | null) => void;
}) {
  return (
    <sprite
      ref={spriteRef}
      position={[at.x, at.y, at.z]}
      scale={[drawn.width, drawn.height, 1]}
      center={LABEL_CENTRES[align]}
    >
      <spriteMaterial map={drawn.texture} transparent depthWrite={false} />
    </sprite>
  );
}

/** A label of a layer (its name, its axes): `height` world units a line, at least `minTextPx`. */
export function Label({
  text,
  at,
  color = TEXT_COLOR,
  height = NODE_LABEL_HEIGHT,
  align = 'center',
  minTextPx = LABEL_MIN_TEXT_PX,
}: {
  text: string;
  at: Point3;
  color?: string;
  height?: number;
  align?: Align;
  minTextPx?: number;
}) {
  const ref = useRef<Sprite | null>(null);
  const drawn = useTextTexture(text, color, height);
  useFrame(({ camera, size }) => {
    if (ref.current && camera instanceof PerspectiveCamera)
      fitToCamera(ref.current, drawn, camera, size.height, minTextPx);
  });
  return (
    <LabelSprite
      drawn={drawn}
      at={at}
      align={align}
      spriteRef={(sprite) => {
        ref.current = sprite;
      }}
    />
  );
}

interface Placed {
  sprite: Sprite;
  drawn: Drawn;
}

const NodeLabel = memo(function NodeLabel({
  id,
  text,
  at,
  placed,
}: {
  id: string;
  text: string;
  at: Point3;
  placed: Map<string, Placed>;
}) {
  const drawn = useTextTexture(text, TEXT_COLOR, NODE_LABEL_HEIGHT);
  return (
    <LabelSprite
      drawn={drawn}
      at={at}
      align="below"
      spriteRef={(sprite) => {
        if (sprite) placed.set(id, { sprite, drawn });
        else placed.delete(id);
      }}
    />
  );
});

const projected = new Vector3();

/** A label's box on screen for its anchor under the node, or null when it is behind the camera. */
function screenRect(
  sprite: Sprite,
  size: { width: number; height: number },
  camera: Camera,
  canvas: { width: number; height: number },
): ScreenRect | null {
  projected.copy(sprite.position).project(camera);
  if (projected.z > 1 || projected.z < -1) return null;
  const x = ((projected.x + 1) / 2) * canvas.width;
  const y = ((1 - projected.y) / 2) * canvas.height;
  return { left: x - size.width / 2, top: y, right: x + size.width / 2, bottom: y + size.height };
}

/**
 * The nodes' names under them, in `labels`' order of priority: each frame (the camera moved),
 * scaled for the camera, and those that would cover an earlier one hidden until there is room.
 */
export function NodeLabels({
  labels,
}: {
  labels: readonly { id: string; text: string; at: Point3 }[];
}) {
  const placed = useMemo(() => new Map<string, Placed>(), []);
  useFrame(({ camera, size }) => {
    if (!(camera instanceof PerspectiveCamera)) return;
    const shown: Placed[] = [];
    const rects: (ScreenRect | null)[] = [];
    for (const { id } of labels) {
      const label = placed.get(id);
      if (!label) continue;
      const onScreen = fitToCamera(
        label.sprite,
        label.drawn,
        camera,
        size.height,
        LABEL_MIN_TEXT_PX,
      );
      shown.push(label);
      rects.push(screenRect(label.sprite, onScreen, camera, size));
    }
    unclutteredLabels(rects).forEach((visible, index) => {
      shown[index]!.sprite.visible = visible;
    });
  });
  return (
    <>
      {labels.map((label) => (
        <NodeLabel key={label.id} id={label.id} text={label.text} at={label.at} placed={placed} />
      ))}
    </>
  );
}
