// Test helper: runs the `sorrel` command (bin/sorrel.js) in a child process, and a catalog broken four ways.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_CATALOG } from './server.ts';

export const BIN = fileURLToPath(new URL('../../bin/sorrel.js', import.meta.url));

/** Runs `sorrel <args>` to the end. */
export const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });

/** Like `run`, without blocking the event loop (for tests that hold a port open meanwhile). */
export function runAsync(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    child.on('exit', (status) => done({ status, stderr }));
  });
}

/** A copy of the fixture's people.csv with a catalog of four problems: a duplicate id, a missing file, an unknown column, an unknown field. */
export function brokenCatalog(): string {
  const dir = mkdtempSync('/tmp/sorrel-cli-');
  copyFileSync(join(dirname(FIXTURE_CATALOG), 'people.csv'), join(dir, 'people.csv'));
  writeFileSync(
    join(dir, 'catalog.yaml'),
    [
      'datasets: [{ name: people, file: people.csv }, { name: lost, file: lost.csv }]',
      'fields:',
      '  - { id: 1, dataset: people, column: nmae }',
      '  - { id: 1, dataset: people, column: city }',
      'concepts: [{ id: 1, name: C, fields: [1, 5] }]',
    ].join('\n'),
  );
  return join(dir, 'catalog.yaml');
}
