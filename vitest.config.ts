import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The tests that need no PostgreSQL, no shop and no browser outside shared/ and web/: pure code of
 * the server, its documents and PDF analysis, and the checks that read the source. They run in the
 * unit project's threads. A test file of api/ or worker/ not named here runs with the integration
 * tests, which can do everything: add it here once it needs nothing of theirs.
 */
export const UNIT_FILES = [
  'core/emails/dates.test.ts',
  'core/emails/recipients.test.ts',
  'core/firms/spendReport.test.ts',
  'core/lib/db.test.ts',
  'core/lib/fontsByNeed.test.ts',
  'core/lib/pdfFonts.test.ts',
  'core/lib/pdfLayout.test.ts',
  'core/lib/processGuards.test.ts',
  'test/docs/oneHomePerChange.test.ts',
  'core/orders/commands/transitions.test.ts',
  'core/orders/commands/approvalMoves.test.ts',
  'core/production/commands/batchTransitions.test.ts',
  'core/production/placement.test.ts',
  'core/production/plan.test.ts',
  'core/production/printFile.test.ts',
  'core/services/labels/builtin.test.ts',
  'core/services/pdf/analyze.test.ts',
  'core/services/pdf/built.test.ts',
  'core/services/pdf/linework.test.ts',
  'core/services/pdf/mupdfAdapter.test.ts',
  'core/services/pdf/openFiles.test.ts',
  'core/services/pdf/printFindings.test.ts',
  'core/services/pdf/previews.test.ts',
  'core/services/pdf/printedPages.test.ts',
  'core/services/pdf/sheetCompare.test.ts',
  'core/services/pdf/sheetReport.test.ts',
  'core/services/receipts/receipt.test.ts',
  'core/services/shipping/table.test.ts',
  'core/services/storage/s3.test.ts',
  'core/services/tickets/jobTicket.test.ts',
  'core/uploads/printed.test.ts',
  'api/src/http/unreadableRequest.test.ts',
  'api/src/http/uploadIntake.test.ts',
  'api/src/middleware/errors.test.ts',
  'api/src/middleware/session.test.ts',
  'api/src/middleware/validate.test.ts',
  'test/corpus/verdicts.test.ts',
  'test/docs/paths.test.ts',
  'test/docs/reducedMotion.test.ts',
  'test/fault/driverBugs.test.ts',
  'worker/src/reportGate.test.ts',
];

/**
 * A project's workers, at most what `--maxWorkers` asks for: vitest applies that option to the root
 * config only, and a project's own `maxWorkers` would otherwise win (`--maxWorkers=1` ran two files
 * at once on a shared machine). VITEST_MAX_WORKERS reaches every project by itself.
 */
function workers(wanted: number): number {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => /^--max-?[wW]orkers(=|$)/.test(a));
  if (at === -1) return wanted;
  const value = args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : (args[at + 1] ?? '');
  const cap = value.endsWith('%') ? Math.round((Number.parseFloat(value) / 100) * os.availableParallelism()) : Number.parseInt(value, 10);
  return Number.isFinite(cap) && cap >= 1 ? Math.min(wanted, cap) : wanted;
}

const TEST_FILE = '**/*.test.{ts,tsx}';
/**
 * The integration, browser, build and fault projects: one group whose files share four slots (vitest
 * requires one maxWorkers for the projects of a group).
 */
const BESIDE_THE_JOURNEYS = { pool: 'forks', maxWorkers: workers(4), sequence: { groupOrder: 1 } } as const;
/**
 * The fault tests that time the machine itself, not a recovery: the sign-in burst hashes 200 wrong
 * passwords at production's scrypt cost and promises the right one an answer within 5 s, which
 * neighbouring files on the same cores would break whatever the hash queue did. They run last, alone.
 */
const TIMED_ALONE = ['test/fault/signInBurst.test.ts'];
/** PostgreSQL: a template migrated once per run, a copy per test file (test/helpers/db.ts). */
const DATABASE = 'test/globalSetup.ts';
/** The built client (dist/web), which the browser journeys are served and the build tests copy. */
const CLIENT = 'test/globalSetup.client.ts';

/**
 * Six projects, each in the pool that fits it. Projects of one `groupOrder` share its workers and
 * groups run one after the other: the unit tests first, on every core, in threads (they only
 * compute); then the integration, browser and build tests, four forks at a time (each file starts a
 * whole shop on its own database, a browser journey Chromium too, a build test the built processes;
 * they wait for pages, polls and jobs, so two forks left a 2-core host half idle, a third filled
 * most of it and a fourth the rest, decisions 101 and 104; they share the slots rather than wait
 * for each other's group), the fault tests among them in the same slots: each stops its own embedded
 * PostgreSQL or kills its own workers and times the recovery against bounds of 10 s and more, and
 * half of a fault file is waiting for a heartbeat or a restart (decisions 099 and 104);
 * then, alone, the test that times the machine (TIMED_ALONE).
 * Every project but fault and timing runs its files one after the other in each worker without
 * isolating them (`isolate: false`): a worker imports the server once, not once per file (about a
 * second of a core each, 200 s of the run's 845 s). It costs that a file's leftovers meet the next
 * file: every shop, worker and browser a file starts is closed in its own afterAll, nothing is
 * mocked (no vi.mock), and what modules keep is caches. The fault and timing tests keep their
 * isolation, since they install process handlers and stop what others would share (decision 098).
 * `vitest run core/ api/ worker/ test/fault/` or `vitest run --project integration` picks files as before.
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'dist/**'],
    setupFiles: ['test/setup.ts'],
    // scrypt at N=2^10 instead of production's 2^17: a sign-in costs ~3 ms, not ~0.4 s of a shared
    // core. core/lib/passwords.test.ts proves production's cost, and the sign-in burst test
    // runs at it.
    env: { TZ: 'UTC', LOG_LEVEL: 'silent', NODE_ENV: 'test', PASSWORD_HASH_LOG_N: '10' },
    // Each project, and the Node 24 run beside the suite (.ci/run), transformed the same server
    // files again: one cache on disk (node_modules/.experimental-vitest-cache), keyed by each file's
    // content, is shared by all of them (decision 104).
    experimental: { fsModuleCache: true },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: [`{shared,web}/${TEST_FILE}`, ...UNIT_FILES],
          pool: 'threads',
          maxWorkers: workers(Math.max(2, os.availableParallelism())),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          isolate: false,
          include: [`{core,api,worker}/${TEST_FILE}`, `test/${TEST_FILE}`],
          exclude: ['**/node_modules/**', 'dist/**', 'test/{e2e,fault,build}/**', ...UNIT_FILES],
          globalSetup: [DATABASE],
          ...BESIDE_THE_JOURNEYS,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          isolate: false,
          include: [`test/e2e/${TEST_FILE}`],
          globalSetup: [DATABASE, CLIENT],
          ...BESIDE_THE_JOURNEYS,
        },
      },
      {
        extends: true,
        test: {
          name: 'fault',
          include: [`test/fault/${TEST_FILE}`],
          // The recogniser of known driver errors is pure: it runs with the unit tests, not here.
          exclude: ['**/node_modules/**', 'dist/**', ...UNIT_FILES, ...TIMED_ALONE],
          globalSetup: [DATABASE],
          ...BESIDE_THE_JOURNEYS,
        },
      },
      {
        extends: true,
        test: {
          name: 'timing',
          include: TIMED_ALONE,
          globalSetup: [DATABASE],
          pool: 'forks',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          isolate: false,
          include: [`test/build/${TEST_FILE}`],
          globalSetup: [DATABASE, CLIENT],
          ...BESIDE_THE_JOURNEYS,
        },
      },
    ],
  },
});
