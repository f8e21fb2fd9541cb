/**
 * The import rules of docs/architecture.md, checked by dependency-cruiser on every `npm test`
 * (`npm run check-imports`). A rule names the folders it governs; npm packages and Node's own
 * modules are outside every rule but the first. Type-only imports count: they tie files together too.
 */
const NOT_OURS = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];
const TEST_FILE = '\\.test\\.tsx?$';
const HTTP = '^api/src/(routes|middleware|presenters|http)/|^api/src/(app|server)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circles',
      comment: 'No import circles anywhere: a file never reaches itself.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-pure',
      comment: 'shared/ imports only shared/ (and npm packages with no I/O, such as zod).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: '^shared/', dependencyTypesNot: NOT_OURS },
    },
    {
      name: 'web-imports-web-and-shared',
      comment: 'web/ imports only web/ and shared/: nothing from the server reaches the browser bundle.',
      severity: 'error',
      from: { path: '^web/' },
      to: { pathNot: '^(web|shared)/', dependencyTypesNot: NOT_OURS },
    },
    {
      name: 'core-imports-core-and-shared',
      comment: 'The server core imports only itself and shared/: never HTTP code, the worker or test kits.',
      severity: 'error',
      from: { path: '^core/', pathNot: TEST_FILE },
      to: { pathNot: '^(core|shared)/', dependencyTypesNot: NOT_OURS },
    },
    {
      name: 'worker-never-imports-http',
      comment: 'worker/ builds on the core and shared/, never on HTTP code or test kits.',
      severity: 'error',
      from: { path: '^worker/', pathNot: TEST_FILE },
      to: { path: [HTTP, '^test/'] },
    },
    {
      name: 'production-never-imports-tests',
      comment: 'Production code never imports test/.',
      severity: 'error',
      from: { pathNot: ['^test/', '^bench/', TEST_FILE] },
      to: { path: '^test/' },
    },
    {
      name: 'routes-never-import-routes',
      comment: 'Only routes/index.ts, the list of routers, imports route files; shared code lives in http/, presenters/ or the core.',
      severity: 'error',
      from: { path: '^api/src/routes/[^/]+\\.ts$', pathNot: ['^api/src/routes/index\\.ts$', TEST_FILE] },
      to: { path: '^api/src/routes/[^/]+\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
