import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Reads the router's own table, with client modules mocked: a project of its own. */
const NAVIGATION_CRAWL = 'tests/e2e/navigation.test.ts';

/** The projects in the order their files start: the longest first (see the projects below). */
const PROJECT_ORDER = ['crawl', 'browser', 'api'];

/**
 * Browser files first, the navigation crawl before them: they are the run's long poles (the
 * crawl takes minutes), so starting them early lets the many short API files fill the other
 * worker around them instead of one crawl running alone at the end.
 */
class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: [
      // type-graphql and Apollo load graphql's CJS build; tests must share that one copy.
      { find: /^graphql$/, replacement: 'graphql/index.js' },
      {
        find: /^@rules$/,
        replacement: fileURLToPath(new URL('./schema/rules/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    setupFiles: ['tests/helpers/setup.ts'],
    globalSetup: ['tests/helpers/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s unless told: too short for a browser on a loaded machine
    // (CI runs two browser files at once on two cores).
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongPolesFirst },
    // API and browser files share each worker's loaded modules: loading the server's modules
    // again for every file cost about 3 s a file, a third of the run. Each file starts its own
    // server with its own database, environment and browser (tests/helpers/server.ts,
    // tests/e2e/app-in-browser.ts), so no state a test sees is left in a module by another file.
    projects: [
      {
        extends: true,
        test: { name: 'api', include: ['tests/{unit,integration}/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [NAVIGATION_CRAWL],
          isolate: false,
        },
      },
      {
        extends: true,
        // Isolated: the crawl mocks client modules to read the router's table.
        test: { name: 'crawl', include: [NAVIGATION_CRAWL] },
      },
    ],
  },
});
