import { PDF_ROTATION_STEP, PDF_ZOOM_MAX, PDF_ZOOM_MIN, PDF_ZOOM_STEP } from '@rules';

/**
 * The PDF viewer's controls as plain functions (000 §2 small viewers: zoom 0.5 to 2 in steps of
 * 0.2, rotation in 90° steps, the password prompt repeated when wrong), kept apart from pdf.js so
 * a unit test can check them.
 */

/** Zoom levels are kept to one decimal so repeated steps of 0.2 land on 2 exactly. */
const roundZoom = (zoom: number) => Math.round(zoom * 10) / 10;

export const canZoomIn = (zoom: number) => zoom < PDF_ZOOM_MAX;
export const canZoomOut = (zoom: number) => zoom > PDF_ZOOM_MIN;

export const zoomIn = (zoom: number) => Math.min(PDF_ZOOM_MAX, roundZoom(zoom + PDF_ZOOM_STEP));
export const zoomOut = (zoom: number) => Math.max(PDF_ZOOM_MIN, roundZoom(zoom - PDF_ZOOM_STEP));

/** Clockwise by one step, back to 0 after a full turn. */
export const rotateClockwise = (rotation: number) => (rotation + PDF_ROTATION_STEP) % 360;

/** pdf.js's reasons for asking a password (its PasswordResponses). */
export const PASSWORD_NEEDED = 1;
export const PASSWORD_INCORRECT = 2;

/** What the password prompt shows for pdf.js's reason: asked again, saying so, when wrong. */
export const passwordPromptFor = (reason: number) => ({
  opened: true,
  wrongPassword: reason === PASSWORD_INCORRECT,
});

/** The page to show after a step, kept within the document. */
export const pageAfter = (page: number, step: number, pageCount: number) =>
  Math.min(Math.max(1, page + step), Math.max(1, pageCount));

/**
 * The only addresses the /pdf page opens: this app's own media files, so a link cannot make the
 * viewer fetch from elsewhere. Answers the path to fetch, or null.
 */
export function sameOriginMediaPath(url: string | null, origin: string): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || !parsed.pathname.startsWith('/api/media/')) return null;
  return `${parsed.pathname}${parsed.search}`;
}
