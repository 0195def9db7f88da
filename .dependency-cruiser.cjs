/**
 * Layering rules (issue 15 item 7; issue 35 item 5), checked by `npm run lint:deps` (`depcruise`):
 * platform and db never import modules; the contract never imports an app; in the web and admin
 * apps, lib never imports a feature and a feature never imports another feature; no cycles
 * anywhere, of files or of modules; and the API's domains own their data: a module's tables are
 * imported only by that module's `*.repository.ts` files (from the table's own schema file),
 * platform's tables only by platform/, another module only through its public `index.ts`, and the
 * cross-domain read models in `queries/` import no module.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Owner of each table schema file (scripts/lint/schema-owners.cjs; also read by the SQL-text test). */
const SCHEMA_OWNERS = require('./scripts/lint/schema-owners.cjs');

const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const SCHEMA = `${API}db/schema/`;

/** `^apps/api/src/db/schema/(a|b)\.ts$` for the schema files of one owner. */
function schemaFilesOf(owner) {
  const files = Object.keys(SCHEMA_OWNERS).filter((file) => SCHEMA_OWNERS[file] === owner);
  return `${SCHEMA}(${files.join('|')})\\.ts$`;
}

const moduleOwners = [...new Set(Object.values(SCHEMA_OWNERS))].filter((owner) => owner !== 'platform').sort();

/**
 * A `from` restriction: files matching `path` but none of `pathNot`.
 * @param {string} path
 * @param {string[]} [pathNot]
 */
function from(path, pathNot = []) {
  return pathNot.length > 0 ? { path, pathNot } : { path };
}

/** The boundaries of issue 35 item 5 (docs/ARCHITECTURE.md describes them). */
const moduleRules = [
  {
    name: 'module-tables-only-in-repository',
    severity: 'error',
    comment:
      "Only a module's *.repository.ts files import tables; services, jobs and routes call their repository, another module's index.ts or a read model in queries/.",
    from: from(MODULES, ['\\.repository\\.ts$']),
    to: { path: SCHEMA },
  },
  ...moduleOwners.map((owner) => ({
    name: 'module-tables-only-in-repository',
    severity: 'error',
    comment: `The tables of ${owner} are imported only by modules/${owner}/*.repository.ts; other modules call its index.ts.`,
    from: from(MODULES, [`${MODULES}${owner}/`]),
    to: { path: schemaFilesOf(owner) },
  })),
  {
    name: 'module-not-to-schema-index',
    severity: 'error',
    comment: "A repository imports its tables from each table's own schema file, so that the import names the owner.",
    from: from(`${API}(modules|platform|queries)/`),
    to: { path: `${SCHEMA}index\\.ts$` },
  },
  {
    name: 'platform-tables-only-in-platform',
    severity: 'error',
    comment:
      "Sessions, PINs, the outbox, idempotency keys, message references, the audit log and RBAC are platform's: modules use platform's functions.",
    from: from(API, [`${API}(platform|db)/`]),
    to: { path: schemaFilesOf('platform') },
  },
  {
    name: 'platform-not-to-module-tables',
    severity: 'error',
    comment:
      'platform/ is below the domains: it reads no module table (a module gives platform a function at start-up instead).',
    from: from(`${API}platform/`),
    to: { path: SCHEMA, pathNot: [schemaFilesOf('platform'), `${SCHEMA}(columns|index)\\.ts$`] },
  },
  {
    name: 'module-public-file-only',
    severity: 'error',
    comment:
      'Another module is reached only through its public file modules/<m>/index.ts, which re-exports what others use.',
    from: from(`${MODULES}([^/]+)/`),
    to: { path: MODULES, pathNot: `${MODULES}($1/|[^/]+/index\\.ts$)` },
  },
  {
    name: 'module-public-file-only',
    severity: 'error',
    comment: 'Outside modules/, a module is reached only through its index.ts (its module.ts through the registry).',
    from: from(API, [MODULES, `${API}server\\.ts$`]),
    to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/(index|module)\\.ts$` },
  },
  {
    name: 'module-public-file-only',
    severity: 'error',
    comment:
      'The server imports a module through its index.ts, and the demo data seeding (lazily, never in production).',
    from: { path: `${API}server\\.ts$` },
    to: {
      path: `${MODULES}[^/]+/`,
      pathNot: [`${MODULES}[^/]+/(index|module)\\.ts$`, `${MODULES}file-uploads/demo/seed-all-demo-data\\.ts$`],
    },
  },
  {
    name: 'routes-not-to-data',
    severity: 'error',
    comment:
      "A route translates HTTP to a service call and back: it imports no repository, table or drizzle-orm (its module's services, or a read model, do the data work).",
    from: { path: `${MODULES}[^/]+/.*\\.routes\\.ts$` },
    to: { path: ['\\.repository\\.ts$', SCHEMA, '(^|/)node_modules/drizzle-orm/'] },
  },
  {
    name: 'module-registration-only-from-registry',
    severity: 'error',
    comment:
      "A module's module.ts (its routes and start-up) is imported only by the registry modules/modules.ts or app.ts.",
    from: from(API, [`${API}(app|modules/modules)\\.ts$`]),
    to: { path: `${MODULES}[^/]+/module\\.ts$` },
  },
  {
    name: 'no-module-cycles',
    severity: 'error',
    comment:
      'Two modules that import each other are one module in two folders: move the shared piece to its owner or to queries/.',
    scope: 'folder',
    from: from(`${MODULES}[^/]+$`),
    to: { path: `${MODULES}[^/]+$`, circular: true },
  },
  {
    name: 'queries-not-to-modules',
    severity: 'error',
    comment: 'Read models in queries/ read tables and return rows; they call no module (modules call them).',
    from: from(`${API}queries/`),
    to: { path: MODULES },
  },
];

module.exports = {
  forbidden: [
    ...moduleRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes modules impossible to read or load on their own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-not-to-modules',
      severity: 'error',
      comment: 'platform/ is below the domains: a module registers with platform, never the reverse.',
      from: { path: '^apps/api/src/platform/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'db-not-to-modules',
      severity: 'error',
      comment: 'The schema and database access know no domain.',
      from: { path: '^apps/api/src/db/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'contract-not-to-apps',
      severity: 'error',
      comment: 'The contract is shared by every app and depends on none.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-lib-not-to-features',
      severity: 'error',
      comment: 'lib/ is below the features: features use lib, never the reverse.',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-not-to-feature',
      severity: 'error',
      comment: 'Features are independent; what two features share goes to components/ or lib/, and app/ composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'admin-feature-not-to-feature',
      severity: 'error',
      comment:
        'Back-office features are independent; what two features share goes to components/ or lib/, and app/ composes them.',
      from: from('^apps/admin/src/features/([^/]+)/'),
      to: { path: '^apps/admin/src/features/', pathNot: '^apps/admin/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: false,
    combinedDependencies: false,
    // TypeScript's own resolution: our imports name `.js` files whose sources are `.ts`.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'default'] },
  },
};
