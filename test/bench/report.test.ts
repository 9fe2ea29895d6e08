// Tests: bench/lib/report.ts writes each scenario's table into its question's README and the index into bench/README.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ScenarioResult, writeReadmes } from '../../bench/lib/report.ts';
import type { BenchRow } from '../../bench/lib/types.ts';

const machine = { cpu: 'AMD EPYC', cores: 2, memoryGiB: 24, node: 'v20.20.2', os: 'linux 6' };
const row = (scenario: string, met: boolean | null): BenchRow => ({
  scenario,
  case: `${scenario} case`,
  metric: 'median ms',
  sorrel: 10,
  reference: 20,
  referenceName: 'DuckDB',
  ratio: 0.5,
  better: 'lower',
  spread: '9–11',
  target: '≤ 1.5× DuckDB',
  met,
});
const result = (name: string, rows: BenchRow[]): ScenarioResult => ({
  name,
  description: `what ${name} measures`,
  date: '2026-11-28T12:34:56.000Z',
  quick: false,
  seconds: 12,
  machine,
  status: 'ok',
  message: null,
  rows,
});
const MARKERS = '<!-- results:start -->\nold\n<!-- results:end -->';

test('each table goes into its question README, the index into the top README', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sorrel-bench-report-'));
  try {
    writeFileSync(join(dir, 'README.md'), `# Benchmarks\n\n## Latest runs\n\n${MARKERS}\n\nAfter.\n`);
    mkdirSync(join(dir, 'compute'));
    writeFileSync(join(dir, 'compute', 'README.md'), `# Compute\n\nThe question.\n\n${MARKERS}\n\nTail.\n`);
    mkdirSync(join(dir, 'stats'));
    writeFileSync(join(dir, 'stats', 'README.md'), '# Stats\n\nHand-written, no markers.\n');
    writeReadmes(dir, [
      result('compute', [row('compute', true), row('compute', false)]),
      result('stats', [row('stats', null)]),
      result('engine', [row('engine', true)]),
    ]);

    const compute = readFileSync(join(dir, 'compute', 'README.md'), 'utf8');
    assert.ok(compute.startsWith('# Compute\n\nThe question.\n\n<!-- results:start -->\n'));
    assert.ok(compute.endsWith('<!-- results:end -->\n\nTail.\n'));
    assert.not.ok(compute.includes('\nold\n'));
    assert.ok(compute.includes('### compute — full run, 2026-11-28 12:34 UTC, 12 s'));
    assert.ok(compute.includes('| compute case | median ms | 10.0 | DuckDB |'));
    assert.ok(compute.includes('Targets: 1 met, 1 missed (2 rows).'));

    const stats = readFileSync(join(dir, 'stats', 'README.md'), 'utf8');
    assert.ok(
      stats.startsWith('# Stats\n\nHand-written, no markers.\n\n## Latest results\n\n<!-- results:start -->\n'),
    );
    assert.ok(stats.includes('| stats case |'));

    // The engine scenario's question has a folder of another name; a missing README is created.
    const engine = readFileSync(join(dir, 'engine-overhead', 'README.md'), 'utf8');
    assert.ok(engine.startsWith('# engine\n\n## Latest results\n'));

    const top = readFileSync(join(dir, 'README.md'), 'utf8');
    assert.ok(top.endsWith('<!-- results:end -->\n\nAfter.\n'));
    assert.ok(
      top.includes(
        '| compute | full, 2026-11-28 12:34 UTC | 2 | 1 | **1** | [compute/README.md](compute/README.md#latest-results) |',
      ),
    );
    assert.ok(top.includes('| engine | full, 2026-11-28 12:34 UTC | 1 | 1 | 0 | [engine-overhead/README.md]'));
    assert.not.ok(top.includes('\nold\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
