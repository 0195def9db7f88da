import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { scaled } from './scripts/lib/time-scale.mjs';

/** Workspace packages are used from their TypeScript sources (the `source` export condition). */
const sourceConditions = {
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
};

/**
 * The API's tests resolve packages as Node does: without bundlers' `module` condition, which
 * sends the AWS SDK (decision 031) to its extensionless `dist-es` build that Node cannot load.
 */
const nodeServerConditions = ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')];
const apiConditions = {
  resolve: { conditions: nodeServerConditions },
  ssr: { resolve: { conditions: nodeServerConditions, externalConditions: ['source'] } },
};

/** Every project runs in a temp folder of its own, removed at the end (`vitest.temp-folder.ts`). */
const tempFolder = './vitest.temp-folder.ts';

/**
 * Timeouts grow with the machine's load (issue 41 item 1, `scripts/lib/time-scale.mjs`): the
 * factor is measured once here, or taken from TEST_TIME_SCALE (`npm test` measures it at the
 * start of the run), and the workers inherit it for the tests' own longer limits (`scaled`).
 */
const timeouts = { testTimeout: scaled(5_000), hookTimeout: scaled(10_000) };

/**
 * At least two test files at once (issue 41 item 3). Vitest's default, one less than the cores,
 * leaves a 2-core machine one worker, idle while its tests wait for child processes, servers and
 * jobs; two workers ran the same API files in 157 s instead of 249 s (measured on a shared machine).
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

/**
 * The API's test files that need modules of their own (decision 077): the rest share a worker's
 * module cache (`isolate: false`), which saves each file loading the whole API again.
 * - `embedded-heap`: mocks `node:v8`, which the database client has already imported elsewhere;
 * - `security-regex-safety`: sets `RECHECK_SYNC_BACKEND` for the whole process;
 * - `job-queue-shutdown`: listens to the process's `unhandledRejection`.
 */
const apiIsolated = [
  'apps/api/test/embedded-heap.test.ts',
  'apps/api/test/security-regex-safety.test.ts',
  'apps/api/test/job-queue-shutdown.test.ts',
];
/** What both API projects share. */
const apiTest = {
  environment: 'node' as const,
  globalSetup: [tempFolder, 'apps/api/test/support/global-setup.ts'],
  testTimeout: scaled(30_000),
  hookTimeout: scaled(60_000),
};

/** With TEST_REPORT_DIR set (CI), results are also written as JSON for the run's closing summary. */
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    maxWorkers,
    ...(reportDir
      ? { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/vitest-${process.pid}.json` } }
      : {}),
    projects: [
      {
        ...sourceConditions,
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: [tempFolder],
          ...timeouts,
        },
      },
      {
        ...apiConditions,
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          // `*.postgres.test.ts`: faults only PostgreSQL has (a lost connection); run with TEST_DATABASE_URL.
          exclude: [...(process.env.TEST_DATABASE_URL ? [] : ['apps/api/test/**/*.postgres.test.ts']), ...apiIsolated],
          // Decision 077: the files of a worker share its modules (refused-body drain timers end
          // with their connection since 46bbff6, so none fires in the next file).
          ...apiTest,
          isolate: false,
        },
      },
      {
        ...apiConditions,
        test: { name: 'api-isolated', include: apiIsolated, ...apiTest },
      },
      {
        // The back office's plain functions (formats, labels); its screens are tested in the browser (apps/admin/e2e).
        ...sourceConditions,
        test: {
          name: 'admin',
          include: ['apps/admin/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: [tempFolder],
          ...timeouts,
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: [tempFolder],
          ...timeouts,
        },
      },
      {
        // Component tests (Testing Library): React screens and pieces rendered in jsdom, driven by
        // user-event the way a person would, asserting what the person sees.
        resolve: { conditions: ['source', ...defaultClientConditions] },
        test: {
          name: 'web-components',
          include: ['apps/web/test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/support/component-setup.ts'],
          globalSetup: [tempFolder],
          ...timeouts,
        },
      },
    ],
  },
});
