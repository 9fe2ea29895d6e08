// Tests: sorrel build: refuses a broken catalog and writes nothing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenCatalog, run } from '../helpers/cli.ts';

test('sorrel build refuses a broken catalog with every problem, and writes nothing', () => {
  const catalog = brokenCatalog();
  const out = join(dirname(catalog), 'x.sorrel');
  const r = run(['build', catalog, '-o', out]);
  assert.is(r.status, 1);
  assert.match(r.stderr, /The catalog has 4 problems/);
  assert.not.ok(existsSync(out));
});

test.run();
