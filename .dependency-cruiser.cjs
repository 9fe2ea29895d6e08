// The architecture rule (run by `npm test`): no import cycles, type-only ones included, and the allowed
// directions between folders. ARCHITECTURE.md explains the layers; change both together.
const OURS = '^(src|loaders|workers|bench|test)/';

/** A rule: code under `from` may import only our modules matching `allowed`. */
function only(name, from, allowed, comment) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: OURS, pathNot: allowed } };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    only(
      'contract-is-a-leaf',
      '^src/contract/',
      '^src/contract/',
      'The contract shared by layers and threads imports nothing of ours.',
    ),
    only('common-is-pure', '^src/common/', '^src/(contract|common)/', 'Pure helpers depend on the contract only.'),
    only(
      'loaders-layer',
      '^loaders/',
      '^(loaders|src/contract|src/common)/',
      'Loaders see only the contract and pure helpers.',
    ),
    only(
      'workers-layer',
      '^workers/',
      '^(workers|src/contract|src/common)/',
      'Workers see only the contract and pure helpers: no HTTP, no snapshot.',
    ),
    only(
      'engine-layer',
      '^src/engine/',
      '^src/(contract|common|engine)/',
      'Pushed-down compute (API.md §14) sees the contract, pure helpers and its own files: it reaches data only through an EngineQuery and the pool.',
    ),
    only(
      'catalog-layer',
      '^src/catalog/',
      '^src/(contract|common|catalog)/',
      'Reading a catalog needs no data, HTTP or snapshot.',
    ),
    only(
      'search-layer',
      '^src/search/',
      '^src/(contract|common|search)/',
      'The search engine knows text and ids, not HTTP.',
    ),
    only(
      'snapshot-layer',
      '^src/snapshot/',
      '^(src/(contract|common|catalog|search|snapshot|engine)/|loaders/index[.]ts$|package[.]json$)',
      'A snapshot is built from the catalog, the loaders (through loaders/index.ts) and the search index; never from HTTP.',
    ),
    only(
      'http-layer',
      '^src/http/',
      '^src/(contract|common|catalog|search|snapshot|http|routes)/|^src/config[.]ts$',
      'HTTP answers from a snapshot; it never loads data or runs the process.',
    ),
    only(
      'routes-layer',
      '^src/routes/',
      '^src/(contract|common|catalog|search|snapshot|http|routes)/|^src/config[.]ts$|^package[.]json$',
      'A route validates against the snapshot and answers; it never loads data or runs the process.',
    ),
    only(
      'cli-layer',
      '^src/cli/',
      '^(src/(contract|common|catalog|snapshot|engine|cli)/|src/(config|pool|server|parent)[.]ts$|loaders/index[.]ts$|package[.]json$)',
      'A command checks, builds or serves through the snapshot and the server; it never answers HTTP itself.',
    ),
    only(
      'pool',
      '^src/pool[.]ts$',
      '^src/(contract|config[.]ts|split[.]ts)',
      'The pool runs workers by file name, never by import.',
    ),
    only('split', '^src/split[.]ts$', '^src/contract/', 'Splitting a task is plain data about tasks.'),
    only('config', '^src/config[.]ts$', '^$', 'Configuration is a leaf.'),
    {
      name: 'loaders-through-index',
      comment: 'src/ imports loaders/ only through loaders/index.ts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^loaders/', pathNot: '^loaders/index[.]ts$' },
    },
    {
      name: 'no-test-or-bench-in-source',
      comment: 'Shipped code never imports tests or benches.',
      severity: 'error',
      from: { path: '^(src|loaders|workers)/' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
    includeOnly: '^(src|loaders|workers|bench|test|package[.]json)',
  },
};
