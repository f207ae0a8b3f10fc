// Downloads of a map: PNG (a picture of the 2D canvas as shown, fitted to the whole map first),
// SVG (mapSvgOf's drawing) and JSON (the export file import reads).
import { toPng } from 'html-to-image';

/** A file name from the map's name: letters and digits kept, the rest a dash. */
export function fileNameOf(name: string, extension: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 60);
  return `${base || 'map'}.${extension}`;
}

export function download(name: string, url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function downloadText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  download(name, url);
  // The click has started the download; the object URL may go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A transparent pixel for pictures the export cannot read (another site's photos). */
const PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The canvas as a PNG: the React Flow pane without its controls and link handles, at twice the screen's pixels.
 * The caller fits the whole map on screen first (only what is on screen is drawn).
 */
export function canvasPng(flow: HTMLElement, background: string): Promise<string> {
  return toPng(flow, {
    backgroundColor: background,
    pixelRatio: 2,
    imagePlaceholder: PLACEHOLDER,
    skipFonts: true,
    filter: (node) =>
      !(node instanceof HTMLElement) ||
      ![
        'react-flow__panel',
        'react-flow__controls',
        'react-flow__minimap',
        'react-flow__handle',
      ].some((name) => node.classList.contains(name)),
  });
}

/** Resolves once the next frame is painted: what React Flow was just given is on screen. */
export const nextFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
