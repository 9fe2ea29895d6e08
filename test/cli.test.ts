// Tests: the sorrel command line: --version, help, --help on every command, an unknown flag.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from './helpers/cli.ts';

test('sorrel --version prints the version; --help works on every command', () => {
  const v = run(['--version']);
  assert.is(v.status, 0);
  assert.is(v.stdout.trim(), JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
  for (const command of ['serve', 'build', 'check', 'init', 'hash-key']) {
    const r = run([command, '--help']);
    assert.is(r.status, 0, `${command}: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`^Usage: sorrel ${command}`));
  }
});

test('sorrel help lists build', () => {
  assert.match(run(['help']).stdout, /^sorrel build /m);
});

test('an unknown flag is refused by name with the serve usage, exit 1', () => {
  const flag = run(['serve', '--prot', '9']);
  assert.is(flag.status, 1);
  assert.match(flag.stderr, /Unknown option '--prot'/);
  assert.match(flag.stderr, /^Usage: sorrel serve /m);
});

test.run();
