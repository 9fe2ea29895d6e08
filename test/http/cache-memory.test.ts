// Tests: the caches' byte limits bound the memory they really hold (reply cache, parse memo, distribution memo).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const FILL = fileURLToPath(new URL('../fixtures/cache-fill.ts', import.meta.url));
const MIB = 8;

test(`caches filled to ${MIB} MiB each grow the heap by at most 1.5× their limits`, async () => {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', FILL, String(MIB)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (b) => {
      text += b;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
  });
  const r = JSON.parse(out.trim().split('\n').pop()!);
  const limit = MIB * 2 ** 20;
  // Both caches are full: the reply cache holds its limit less the parse memo's share (1 MiB here).
  assert.ok(r.reply > 0.8 * (limit - 2 ** 20), `reply cache ${r.reply}`);
  assert.ok(r.memo > 0.8 * limit, `memo ${r.memo}`);
  // Everything they hold (heap objects and body buffers) stays within 1.5× the two limits.
  const ratio = r.grown / (2 * limit);
  assert.ok(ratio < 1.5, `the heap grew ${(r.grown / 2 ** 20).toFixed(1)} MiB, ${ratio.toFixed(2)}× the limits`);
});

test.run();
