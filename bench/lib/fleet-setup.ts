// The fleet bench's set-up: what the replicas serve (catalog or built file), the edited third copy, ports and flags.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './child.ts';
import { dataFile, freePort, touchTree } from './replica.ts';

// A third copy with the first one's mtimes and one data value edited in place (same length, so
// the same rows and Arrow bytes): different answers that must not share an ETag.
const EDIT = { file: 'seattle-weather.csv', from: '2012-01-01,0.0,12.8,', to: '2012-01-01,0.0,12.9,' };
export const SNAPSHOT = 'demo.sorrel';

/** `catalog`: each replica loads demo/catalog.yaml and its data files; `file`: one `sorrel build` output, copied to every tree. */
export type Source = 'catalog' | 'file';

/**
 * `file` when the built command line knows `sorrel build` (after the fleet integration), else
 * `catalog`; SORREL_BENCH_FLEET_SOURCE or --source forces one.
 */
export function toSource(): Source {
  const forced = process.env.SORREL_BENCH_FLEET_SOURCE ?? argValue('--source');
  if (forced === 'catalog' || forced === 'file') return forced;
  if (forced) throw new Error(`--source must be catalog or file, got "${forced}".`);
  const help = spawnSync(process.execPath, ['dist/src/main.js', 'help'], { cwd: ROOT, encoding: 'utf8' });
  return /^\s*sorrel build\b/m.test(`${help.stdout}${help.stderr}`) ? 'file' : 'catalog';
}

/**
 * The replicas' command line. For `file`, builds the snapshot once in the first tree and copies
 * the file into the second (a deploy ships the file), and builds the edited tree's own.
 */
export function prepare(source: Source, trees: string[], edited: string): string[] {
  if (source === 'catalog') return ['serve'];
  const build = (tree: string) => {
    const r = spawnSync(process.execPath, ['dist/src/main.js', 'build', 'demo/catalog.yaml', '-o', SNAPSHOT], {
      cwd: tree,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`sorrel build failed in ${tree}:\n${r.stderr}`);
  };
  build(trees[0]);
  for (const t of trees.slice(1)) copyFileSync(join(trees[0], SNAPSHOT), join(t, SNAPSHOT));
  build(edited);
  return ['serve', SNAPSHOT];
}

/** Edits one value of a data file in place (same length) and restores the tree's mtimes. */
export function editValue(tree: string, mtime: Date): void {
  const file = dataFile(tree, EDIT.file);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(EDIT.from) || EDIT.from.length !== EDIT.to.length)
    throw new Error(`${file} no longer holds "${EDIT.from}"; update EDIT in bench/lib/fleet-setup.ts.`);
  writeFileSync(file, text.replace(EDIT.from, EDIT.to));
  touchTree(tree, mtime);
}

/** `n` distinct free ports. */
export async function distinctPorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let tries = 0; ports.size < n && tries < 100; tries++) ports.add(await freePort());
  if (ports.size < n) throw new Error(`Could not find ${n} free ports.`);
  return [...ports];
}

/** The value after `name` on the command line. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
