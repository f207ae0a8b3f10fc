import { PDF_ZOOM_MAX, PDF_ZOOM_MIN } from '@rules';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_INCORRECT,
  PASSWORD_NEEDED,
  canZoomIn,
  canZoomOut,
  pageAfter,
  passwordPromptFor,
  rotateClockwise,
  sameOriginMediaPath,
  zoomIn,
  zoomOut,
} from '../../client/src/features/media/pdf/pdfControls';

describe('PDF viewer zoom', () => {
  it('zooms in from 1 to 2 in steps of 0.2 and stops there', () => {
    const levels = [1];
    while (canZoomIn(levels.at(-1)!)) levels.push(zoomIn(levels.at(-1)!));
    expect(levels).toEqual([1, 1.2, 1.4, 1.6, 1.8, 2]);
    expect(canZoomIn(PDF_ZOOM_MAX)).toBe(false);
  });

  it('zooms out from 1 down to 0.5 and stops there', () => {
    const levels = [1];
    while (canZoomOut(levels.at(-1)!)) levels.push(zoomOut(levels.at(-1)!));
    expect(levels).toEqual([1, 0.8, 0.6, 0.5]);
    expect(canZoomOut(PDF_ZOOM_MIN)).toBe(false);
  });
});

describe('PDF viewer rotation', () => {
  it('turns clockwise in 90° steps and comes back to 0 after a full turn', () => {
    const turns = [0];
    for (let step = 0; step < 4; step += 1) turns.push(rotateClockwise(turns.at(-1)!));
    expect(turns).toEqual([0, 90, 180, 270, 0]);
  });
});

describe('PDF viewer pages', () => {
  it('keeps the page within the document', () => {
    expect(pageAfter(1, -1, 2)).toBe(1);
    expect(pageAfter(1, 1, 2)).toBe(2);
    expect(pageAfter(2, 1, 2)).toBe(2);
    expect(pageAfter(5, 0, 2)).toBe(2);
  });
});

// A password-protected PDF needs RC4 and the standard security handler to make by hand, so the
// prompt's logic is checked here against pdf.js's own reason codes.
describe('PDF viewer password prompt', async () => {
  // pdf.js's display layer expects a browser's DOMMatrix when it loads; its constants need none.
  globalThis.DOMMatrix ??= class {} as unknown as typeof DOMMatrix;
  const { PasswordResponses } = await import('pdfjs-dist');

  it("uses pdf.js's reason codes", () => {
    expect(PASSWORD_NEEDED).toBe(PasswordResponses.NEED_PASSWORD);
    expect(PASSWORD_INCORRECT).toBe(PasswordResponses.INCORRECT_PASSWORD);
  });

  it('asks for the password when the PDF needs one, without saying it was wrong', () => {
    expect(passwordPromptFor(PasswordResponses.NEED_PASSWORD)).toEqual({
      opened: true,
      wrongPassword: false,
    });
  });

  it('asks again, saying the password was wrong, when pdf.js says it was incorrect', () => {
    expect(passwordPromptFor(PasswordResponses.INCORRECT_PASSWORD)).toEqual({
      opened: true,
      wrongPassword: true,
    });
  });
});

describe('the /pdf page address', () => {
  const origin = 'https://bumps.example';

  it('opens this app’s media files, given as a path or a full same-origin address', () => {
    expect(sameOriginMediaPath('/api/media/abc/report.pdf', origin)).toBe(
      '/api/media/abc/report.pdf',
    );
    expect(sameOriginMediaPath(`${origin}/api/media/abc/report.pdf`, origin)).toBe(
      '/api/media/abc/report.pdf',
    );
  });

  it('refuses other sites, other paths of this one and a missing address', () => {
    expect(sameOriginMediaPath('https://evil.example/api/media/abc/x.pdf', origin)).toBeNull();
    expect(sameOriginMediaPath('//evil.example/api/media/abc/x.pdf', origin)).toBeNull();
    expect(sameOriginMediaPath('/api/users/me', origin)).toBeNull();
    expect(sameOriginMediaPath('/api/media/../users/me', origin)).toBeNull();
    expect(sameOriginMediaPath('javascript:alert(1)', origin)).toBeNull();
    expect(sameOriginMediaPath(null, origin)).toBeNull();
  });
});
