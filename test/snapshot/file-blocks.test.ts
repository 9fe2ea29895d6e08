// Tests: a built-snapshot file's sections of several 16 MiB blocks, verified on hashing threads (src/snapshot/file/read.ts, file-hash.ts), and its padding.
import { SnapshotFileError } from '../../src/contract/errors.ts';
import { blake3 } from '@napi-rs/blake-hash';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  loadSnapshotFile,
  planSnapshot,
  toSnapshotChunks,
  type SnapshotInput,
} from '../../src/snapshot/file/container.ts';

const dir = mkdtempSync(join(tmpdir(), 'sorrel-file-blocks-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const MiB = 2 ** 20;
// 40 MiB and 5 bytes: two whole 16 MiB blocks and a short third (8 MiB and 5 bytes); no two blocks alike.
const big = new Uint8Array(40 * MiB + 5);
for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
const input: SnapshotInput = {
  sections: [
    { name: 'catalog', kind: 'json', bytes: Buffer.from('{"title":"Blocks"}') },
    { name: 'precomputed', kind: 'binary', bytes: Uint8Array.from([9, 8, 7]) },
    { name: 'table-0000.000', kind: 'arrow', bytes: big },
  ],
  dataVersion: 'v-blocks',
};
const bytes = Buffer.concat([...toSnapshotChunks(input)]);
const { manifest } = planSnapshot(input);
const data = Math.ceil((16 + bytes.readUInt32LE(12)) / 64) * 64;
const table = manifest.sections.find((s) => s.name === 'table-0000.000')!;
const tableAt = data + table.offset;

let n = 0;
const writeBytes = (b: Uint8Array) => {
  const p = join(dir, `case-${++n}.sorrel`);
  writeFileSync(p, b);
  return p;
};

/** The SnapshotFileError loadSnapshotFile throws for `path` with `threads` hashing threads. */
async function refusal(path: string, threads: number): Promise<SnapshotFileError> {
  try {
    await loadSnapshotFile(path, { threads });
  } catch (err) {
    assert.instance(err, SnapshotFileError, String(err));
    return err as SnapshotFileError;
  }
  assert.unreachable(`${path} loaded, but should have been refused`);
  throw new Error('unreachable');
}

test("hashes a large section as the BLAKE3 of its 16 MiB blocks' BLAKE3s", () => {
  // BLAKE3 itself: the spec's test vector for "abc".
  assert.is(
    blake3(Buffer.from('abc')).toString('hex'),
    '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
  );
  const blocks = [0, 16 * MiB, 32 * MiB].map((at) => blake3(big.subarray(at, at + 16 * MiB)));
  assert.is(big.length - 32 * MiB, 8 * MiB + 5, 'the third block is the short last one');
  assert.is(table.blake3, blake3(Buffer.concat(blocks)).toString('hex'));
});

test('reads a section of several blocks alike with hashing threads and without', async () => {
  const path = writeBytes(bytes);
  for (const threads of [0, 1, 2]) {
    const s = await loadSnapshotFile(path, { threads });
    assert.equal(s.manifest, manifest, `threads ${threads}`);
    assert.ok(Buffer.from(s.shared('table-0000.000')).equals(big), `threads ${threads}: the table's bytes`);
    assert.equal([...s.bytes('precomputed')], [9, 8, 7]);
    assert.equal(s.json('catalog'), { title: 'Blocks' });
  }
});

test('refuses a byte altered in any block of a large section, naming the section, on threads or not', async () => {
  const range = `bytes ${tableAt}–${tableAt + big.length}`;
  for (const at of [0, 16 * MiB - 1, 16 * MiB, 32 * MiB + 77, big.length - 1]) {
    const altered = Buffer.from(bytes);
    altered[tableAt + at] ^= 0x80;
    const path = writeBytes(altered);
    for (const threads of [0, 2]) {
      const e = await refusal(path, threads);
      assert.is(
        e.reason,
        `altered or corrupted: section "table-0000.000" (${range}) does not match its hash`,
        `byte ${at}, threads ${threads}`,
      );
    }
  }
});

test('refuses a large file cut inside a block, on threads', async () => {
  for (const cut of [tableAt + 5 * MiB, tableAt + 20 * MiB, bytes.length - 40]) {
    const e = await refusal(writeBytes(bytes.subarray(0, cut)), 2);
    assert.match(e.reason, /^truncated/, `cut at ${cut}: ${e.reason}`);
  }
});

test('refuses padding between sections or after the last that is not zero, naming its bytes', async () => {
  const catalogEnd = data + manifest.sections[0].length;
  const next = data + manifest.sections[1].offset;
  assert.ok(next > catalogEnd, 'the fixture has padding after the catalog section');
  const between = Buffer.from(bytes);
  between[catalogEnd] = 1;
  let e = await refusal(writeBytes(between), 0);
  assert.is(e.reason, `altered or corrupted: the padding at bytes ${catalogEnd}–${next} is not zero`);
  const tableEnd = tableAt + big.length;
  assert.ok(bytes.length - 32 > tableEnd, 'the fixture has padding after the last section');
  const after = Buffer.from(bytes);
  after[bytes.length - 33] = 1;
  e = await refusal(writeBytes(after), 2);
  assert.is(e.reason, `altered or corrupted: the padding at bytes ${tableEnd}–${bytes.length - 32} is not zero`);
});

test.run();
