// Tests: the container's head (src/snapshot/file/head.ts): the manifest's layout rule, no padding beyond the alignment.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SnapshotFileError } from '../../../src/contract/errors.ts';
import {
  loadSnapshotFile,
  planSnapshot,
  type SnapshotInput,
  toSnapshotChunks,
} from '../../../src/snapshot/file/container.ts';

const dir = mkdtempSync(join(tmpdir(), 'sorrel-head-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const input = (): SnapshotInput => ({
  sections: [
    { name: 'catalog', kind: 'json', bytes: Buffer.from('{"title":"Tiny"}') },
    { name: 'precomputed', kind: 'binary', bytes: Uint8Array.from([1, 2, 3, 4, 5]) },
    { name: 'table', kind: 'binary', bytes: new Uint8Array(100).fill(7) },
  ],
  meta: {},
  dataVersion: 'v-test',
});
const bytesOf = (i: SnapshotInput) => Buffer.concat([...toSnapshotChunks(i)]);
let n = 0;
const writeBytes = (b: Uint8Array) => {
  const p = join(dir, `case-${++n}.sorrel`);
  writeFileSync(p, b);
  return p;
};

/** The SnapshotFileError loadSnapshotFile throws for `path` (fails the test when it loads). */
async function refusal(path: string): Promise<SnapshotFileError> {
  try {
    await loadSnapshotFile(path);
  } catch (err) {
    assert.instance(err, SnapshotFileError, String(err));
    return err as SnapshotFileError;
  }
  assert.unreachable(`${path} loaded, but should have been refused`);
  throw new Error('unreachable');
}

/**
 * The file with `gap` zero bytes inserted before section `name`, its manifest's offsets moved to
 * match and the trailer recomputed: what anyone can make (the content hash covers no offsets, the
 * trailer is a plain sha256 of the head), so only the layout rule can refuse it.
 */
function withGap(b: Buffer, name: string, gap: number): Buffer {
  const length = b.readUInt32LE(12);
  const data = Math.ceil((16 + length) / 64) * 64;
  const manifest = JSON.parse(b.toString('utf8', 16, 16 + length));
  const at = manifest.sections.findIndex((s: { name: string }) => s.name === name);
  const cut = data + manifest.sections[at].offset;
  for (const s of manifest.sections.slice(at)) s.offset += gap;
  const text = Buffer.from(JSON.stringify(manifest));
  const head = Buffer.alloc(Math.ceil((16 + text.length) / 64) * 64);
  b.copy(head, 0, 0, 12);
  head.writeUInt32LE(text.length, 12);
  text.copy(head, 16);
  const body = Buffer.concat([b.subarray(data, cut), Buffer.alloc(gap), b.subarray(cut, b.length - 32)]);
  return Buffer.concat([head, body, createHash('sha256').update(head).digest()]);
}

test('refuses padding beyond the 64-byte alignment between sections, naming the section and both offsets', async () => {
  const b = bytesOf(input());
  await loadSnapshotFile(writeBytes(withGap(b, 'precomputed', 0))); // the rewrite alone is a valid file
  const { manifest } = planSnapshot(input());
  const at = manifest.sections.find((s) => s.name === 'precomputed')!.offset;
  for (const gap of [64, 64 * 1024]) {
    const e = await refusal(writeBytes(withGap(b, 'precomputed', gap)));
    assert.is(
      e.reason,
      `damaged manifest: section "precomputed" starts at offset ${at + gap}, but the section before it ends at ${at} (aligned); padding beyond the 64-byte alignment is not allowed`,
    );
  }
  const first = await refusal(writeBytes(withGap(b, manifest.sections[0].name, 64)));
  assert.match(first.reason, /starts at offset 64, but the section before it ends at 0 \(aligned\)/);
});

test.run();
