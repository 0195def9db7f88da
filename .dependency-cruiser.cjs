/**
 * Layering rules (issue 15 item 7), checked by `npm run lint` (`depcruise`):
 * platform and db never import modules; the contract never imports an app; in the web app, lib
 * never imports a feature and a feature never imports another feature; and no cycles anywhere.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: false,
    combinedDependencies: false,
    // TypeScript's own resolution: our imports name `.js` files whose sources are `.ts`.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'default'] },
  },
};
