// Import rules of the workspace (issue 24, docs/workspace.md "Import rules"), checked by `npm test` (step 'deps'):
//   npx depcruise packages e2e bench --config .dependency-cruiser.cjs --output-type err
// Type-only imports (`import type`) count for the layer rules but not for circles: a type names a shape, it runs
// nothing, so two modules may describe each other; a value circle makes load order and ownership unclear.

/** The engine's layers, bottom first: a module imports its own layer or the layers below it, never above. */
const ENGINE_LAYERS = [
  ['errors', 'types', 'limits'],
  ['sql'],
  ['auth', 'catalog', 'storage', 'format'],
  ['exec'],
  ['query/context.ts', 'query/system'],
  ['query/exec'],
  ['query/binder'],
  ['query/planner', 'query/shortcuts'],
  ['query/run.ts', 'query/explain.ts', 'query/index.ts'],
  ['retention', 'schemaless', 'streams', 'topics', 'workers'],
  ['engine.ts', 'dispatch.ts', 'demo'],
  ['server'],
  ['index.ts'],
];

const engineLayerPath = (parts) =>
  `^packages/engine/src/(${parts.map((p) => (p.endsWith('.ts') ? p.replace(/\./g, '\\.') + '$' : `${p}/`)).join('|')})`;

const engineLayerRules = ENGINE_LAYERS.slice(0, -1).map((layer, i) => ({
  name: `engine-layers: ${layer.join(', ')}`,
  comment: `${layer.join(', ')} may not import the layers above it: ${ENGINE_LAYERS.slice(i + 1).flat().join(', ')}`,
  severity: 'error',
  from: { path: engineLayerPath(layer) },
  to: { path: engineLayerPath(ENGINE_LAYERS.slice(i + 1).flat()) },
}));

module.exports = {
  forbidden: [
    {
      name: 'engine-layers: every module has a layer',
      comment: 'A new folder or top-level file of packages/engine/src gets its place in ENGINE_LAYERS (and docs/workspace.md).',
      severity: 'error',
      from: { path: '^packages/engine/src/', pathNot: engineLayerPath(ENGINE_LAYERS.flat()) },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No import circle of more than one file, type-only imports aside.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...engineLayerRules,
    {
      name: 'web-data-imports-no-ui',
      comment: 'web/src/data (the data layer) never imports UI: components, pages, routes.',
      severity: 'error',
      from: { path: '^packages/web/src/data/' },
      to: { path: '^packages/web/src/(components|pages|routes)/' },
    },
    {
      name: 'web-components-import-no-pages',
      comment: 'Shared components never import pages.',
      severity: 'error',
      from: { path: '^packages/web/src/components/' },
      to: { path: '^packages/web/src/pages/' },
    },
    {
      name: 'no-package-imports-web',
      comment:
        "The web app is a leaf: no other package's code imports it. (Tests may: the server's snippet tests run the web's code snippets against a real server.)",
      severity: 'error',
      from: { path: '^(packages/(contracts|engine|server)/src|e2e/src|bench/src)/' },
      to: { path: '^packages/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
