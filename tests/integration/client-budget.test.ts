import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../e2e/browser';

/**
 * The JavaScript a first visit to /stories/recent downloads, read from the build rather than from a
 * browser: the build's manifest (.vite/manifest.json) names each chunk's static imports, which is
 * exactly what index.html's module script and modulepreload links load before the app runs, and
 * the same graph gives the chunks of a lazy page. Sizes are those of the brotli copies the build
 * writes (what the server sends a browser accepting br), or of the file itself where no copy was
 * worth writing. No browser is needed, the figure is the same on every run, and a failure names
 * the chunks to look at.
 */

const DIST = path.resolve(import.meta.dirname, '../../dist/client');
/**
 * The budget. About 165 KB of it is libraries every page needs (React DOM, Apollo with rxjs
 * and graphql, React Router, i18next, the Mantine parts of the shell); menus, tooltips, dialogs and
 * toasts load with their first use (client/src/components/overlays), so the rest is the shell, the
 * feed and the English texts.
 */
const BUDGET_BYTES = 250 * 1024;

/**
 * Lazily loaded modules (relative to client/) every first visit to /stories/recent loads: the feed
 * page (if lazy) and the English texts (each language is a chunk, loaded before the first render).
 */
const FIRST_VISIT_PAGES = ['src/features/stories/StoryFeedPage.tsx', 'src/app/locales/en.ts'];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest keys of `roots` and every chunk they statically import, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    reached.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return reached;
}

/** The bytes the server sends for a built file: its brotli copy when the build wrote one. */
function sentBytes(file: string): number {
  const full = path.join(DIST, file);
  return statSync(existsSync(`${full}.br`) ? `${full}.br` : full).size;
}

/** The entry, the texts, and the feed page's chunk when it is lazy (else part of the entry). */
const firstVisitChunks = (manifest: Manifest) =>
  staticClosure(manifest, [
    'index.html',
    ...FIRST_VISIT_PAGES.filter((page) => manifest[page]?.isDynamicEntry),
  ]);

describe('the first visit to /stories/recent', () => {
  let manifest: Manifest;

  beforeAll(() => {
    ensureClientBuilt();
    manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  }, 600_000);

  it('loads no more JavaScript than its budget (brotli)', () => {
    const chunks = [...firstVisitChunks(manifest)].map((key) => ({
      file: manifest[key]!.file,
      bytes: sentBytes(manifest[key]!.file),
    }));
    const total = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
    const largest = chunks
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((chunk) => `${chunk.file} ${(chunk.bytes / 1024).toFixed(1)} KB`);
    console.info(
      `first visit to /stories/recent: ${(total / 1024).toFixed(1)} KB of JavaScript (brotli) in ` +
        `${chunks.length} chunks; largest: ${largest.join(', ')}`,
    );
    expect(
      total,
      `JavaScript of a first visit; largest chunks: ${largest.join(', ')}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
    // The shell and the feed come as one chunk (client/build/firstVisitChunk.ts): split into the
    // hundred small chunks the bundler makes by itself, each compressed alone, they cost 50 KB more.
    expect(chunks.length, `chunks of a first visit: ${largest.join(', ')}`).toBeLessThanOrEqual(10);
  });

  it('leaves the other pages and the heavy pieces to later chunks', () => {
    // Guards the reading above: were every page in the entry, the budget would be measuring it all.
    const firstVisit = firstVisitChunks(manifest);
    // Also imported by the sign-in page, the login box's forms are a shared chunk, named after them.
    const authPanel = Object.keys(manifest).find((key) => manifest[key]!.name === 'AuthPanel');
    expect(authPanel, 'the sign-in forms are a chunk of their own').toBeDefined();
    expect(firstVisit.has(authPanel!), 'the sign-in forms load with the login box').toBe(false);
    for (const lazy of [
      'src/features/problems/ProblemPage.tsx',
      'src/features/spaces/SpacePage.tsx',
      'src/features/admin/ActivityChart.tsx',
      'src/features/stories/StoryForm.tsx',
      // Dialogs and drawers load with their first opening: they bring the forms and zod.
      'src/features/chat/ChatDrawer.tsx',
      'src/features/moderation/ReportDialog.tsx',
      'src/app/LeftDrawer.tsx',
      // Mantine's menus, popovers, tooltips and modals, with Floating UI and the focus trap.
      'src/components/overlays/mantineOverlays.ts',
      'src/app/locales/te.ts',
    ]) {
      expect(manifest[lazy]?.isDynamicEntry, `${lazy} is a chunk of its own`).toBe(true);
      expect(firstVisit.has(lazy), `${lazy} is not loaded on a first visit`).toBe(false);
    }
  });
});
