/**
 * The import graph's rules (`npx depcruise shared evaluation training serving cli`, run in .ci/run).
 * Layers, lowest first: schemas/ (the JSON Schemas, imports nothing) -> shared/ (pure: labels, config, math, encoders, artifacts, taxonomy, policy,
 * envelope) -> evaluation/ -> training/ -> serving/ -> cli/ (every command and entry point).
 * A layer imports only the layers below it; no module or folder is part of a circle.
 */
const layer = (name, mayNotImport, comment) => ({
  name: `${name}-layer`,
  severity: 'error',
  comment,
  from: { path: `^${name}/` },
  to: { path: `^(${mayNotImport.join('|')})/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'schemas-import-nothing', severity: 'error', comment: 'schemas/ holds data only', from: { path: '^schemas/' }, to: { path: '^(shared|evaluation|training|serving|cli)/' } },
    { name: 'no-circular', severity: 'error', comment: 'no module is part of an import circle (type-only imports count)', from: {}, to: { circular: true } },
    { name: 'no-folder-circular', severity: 'error', scope: 'folder', comment: 'no folder is part of an import circle', from: {}, to: { circular: true } },
    layer('shared', ['evaluation', 'training', 'serving', 'cli', 'bin', 'scripts', 'test', 'data', 'taxonomy'], 'shared/ is the bottom layer'),
    layer('evaluation', ['training', 'serving', 'cli', 'bin', 'scripts', 'test', 'data'], 'evaluation/ uses shared/ only; training and users use it'),
    layer('training', ['serving', 'cli', 'bin', 'scripts', 'test', 'data'], 'training/ uses shared/ and evaluation/'),
    layer('serving', ['evaluation', 'training', 'cli', 'bin', 'scripts', 'test', 'data'], 'serving/ needs shared/ only'),
    {
      name: 'no-dev-dependencies-outside-cli',
      severity: 'error',
      comment: 'a production install (--omit=dev) must serve, train and evaluate: dev packages are for cli/ benches, tests and tools',
      from: { path: '^(shared|evaluation|training|serving)/', pathNot: '^evaluation/(charts|html-report)\\.ts$' },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
