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
    // Worker folders by concern, each reaching only the ones below it: table ← group ← stats ← values,
    // table ← mask, group ← cluster ← dist ← (tree, split); index.ts and warm.ts at the top use them all.
    only(
      'workers-table',
      '^workers/table/',
      '^(workers/table/|src/)',
      'Reading a table: columns, row slices, gathering values.',
    ),
    only(
      'workers-group',
      '^workers/group/',
      '^(workers/(table|group)/|src/)',
      'Ranks and grouped counts read tables only.',
    ),
    only('workers-mask', '^workers/mask/', '^(workers/(table|mask)/|src/)', 'A context mask reads columns only.'),
    only(
      'workers-stats',
      '^workers/stats/',
      '^(workers/(table|group|stats)/|src/)',
      'Stats sort what a scan selected.',
    ),
    only(
      'workers-values',
      '^workers/values/',
      '^(workers/(table|group|stats|values)/|src/)',
      'Distinct values and profiles: grouped counts and stats of one column.',
    ),
    only(
      'workers-cluster',
      '^workers/cluster/',
      '^(workers/(group|cluster)/|src/)',
      '§7/§13 over plain points and groups.',
    ),
    only(
      'workers-dist',
      '^workers/dist/',
      '^(workers/(table|group|stats|cluster|dist)/|src/)',
      'A distribution: grouped counts, then clusters.',
    ),
    only(
      'workers-tree',
      '^workers/tree/',
      '^(workers/(table|group|mask|stats|dist|tree)/|src/)',
      'The model tree (§12) reuses the table-level pieces over join rows.',
    ),
    only(
      'workers-split',
      '^workers/split/',
      '^(workers/(table|dist|split|stats)/|src/)',
      'Merging split parts into one answer (stats parts: workers/stats/parts.ts).',
    ),
    only(
      'workers-brush',
      '^workers/brush/',
      '^(workers/(table|mask|group|dist|brush)/|workers/yield\\.ts$|src/)',
      'A brushed view is indexed over the table-level pieces (giving way to requests: workers/yield.ts) and its counts shaped as a dist is.',
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
      '^(src/(contract|common|catalog|search|snapshot|engine)/|src/parallel/engine-pool[.]ts$|loaders/index[.]ts$|package[.]json$)',
      'A snapshot is built from the catalog, the loaders (through loaders/index.ts) and the search index; never from HTTP.',
    ),
    only(
      'snapshot-file',
      '^src/snapshot/file/',
      '^(src/(contract|common)/|src/catalog/spec[.]ts$|src/snapshot/(file/|access[.]ts$|field-values[.]ts$))',
      'The built-file container and its sections know nothing of how a snapshot is assembled (build/).',
    ),
    only(
      'http-layer',
      '^src/http/',
      '^src/(contract|common|catalog|search|snapshot|http)/|^src/config[.]ts$',
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
      '^(src/(contract|common|catalog|snapshot|engine|cli)/|src/config[.]ts$|src/parallel/compute-pool[.]ts$|src/serve/(server|parent)[.]ts$|loaders/index[.]ts$|package[.]json$)',
      'A command checks, builds or serves through the snapshot and the server; it never answers HTTP itself.',
    ),
    only(
      'parallel',
      '^src/parallel/',
      '^(src/(contract|parallel)/|src/config[.]ts$|src/engine/runner[.]ts$)',
      'The pools run workers by file name, never by import; splitting a task is plain data about tasks.',
    ),
    only(
      'app',
      '^src/app[.]ts$',
      '^src/(contract|common|catalog|search|snapshot|http|routes)/|^src/config[.]ts$',
      'The composition root: the route table over the routes and HTTP helpers it composes.',
    ),
    only('config', '^src/config[.]ts$', '^$', 'Configuration is a leaf.'),
    {
      name: 'loaders-through-index',
      comment: 'src/ imports loaders/ only through loaders/index.ts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^loaders/', pathNot: '^loaders/index[.]ts$' },
    },
    {
      name: 'bench-through-faces',
      comment:
        'The bench times Sorrel as it is used: loaders/ only through loaders/index.ts, workers/ only through the worker entry workers/index.ts.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^(loaders|workers)/', pathNot: '^(loaders|workers)/index[.]ts$' },
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
