// Tests: the built-snapshot file container (src/snapshot/file/container.ts) — layout, determinism, every refusal.
import { SnapshotFileError } from '../../../src/contract/errors.ts';
import { createHash } from 'node:crypto';
import { blake3 } from '@napi-rs/blake-hash';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as arrow from 'apache-arrow';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toSharedIpc } from '../../../loaders/index.ts';
import {
  FORMAT_VERSION,
  loadSnapshotFile,
  loadSnapshotManifest,
  planSnapshot,
  toSnapshotChunks,
  writeSnapshotFile,
  type SnapshotInput,
} from '../../../src/snapshot/file/container.ts';

const dir = mkdtempSync(join(tmpdir(), 'sorrel-file-test-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const table = arrow.tableFromArrays({ x: Float64Array.from([1.5, -2, 3e10]), n: Int32Array.from([7, 8, 9]) });
const ipc = await toSharedIpc(table);
const catalog = Buffer.from(JSON.stringify({ title: 'Tiny', fields: [{ id: 1, name: 'X' }] }));

function input(order: 'forward' | 'reverse' = 'forward'): SnapshotInput {
  const sections: SnapshotInput['sections'] = [
    { name: 'catalog', kind: 'json', bytes: catalog },
    { name: 'precomputed', kind: 'binary', bytes: Uint8Array.from([1, 2, 3, 4, 5]) },
    { name: 'table/tiny', kind: 'arrow', bytes: ipc },
    { name: 'empty', kind: 'binary', bytes: new Uint8Array(0) },
  ];
  const meta = order === 'forward' ? { title: 'Tiny', rows: { tiny: 3 } } : { rows: { tiny: 3 }, title: 'Tiny' };
  return { sections: order === 'forward' ? sections : sections.reverse(), meta, dataVersion: 'v-test' };
}

const bytesOf = (i: SnapshotInput) => Buffer.concat([...toSnapshotChunks(i)]);
let n = 0;
const writeBytes = (b: Uint8Array) => {
  const p = join(dir, `case-${++n}.sorrel`);
  writeFileSync(p, b);
  return p;
};

/** Resolves to the SnapshotFileError loadSnapshotFile throws for `path` (fails the test when it loads). */
async function refusal(path: string): Promise<SnapshotFileError> {
  try {
    await loadSnapshotFile(path);
  } catch (err) {
    assert.instance(err, SnapshotFileError, String(err));
    const e = err as SnapshotFileError;
    assert.ok(e.message.startsWith(`${path}: `), e.message);
    assert.not.match(e.message, /\n/, 'one line');
    return e;
  }
  assert.unreachable(`${path} loaded, but should have been refused`);
  throw new Error('unreachable');
}

test('round-trips every section: arrow ones into their own SharedArrayBuffer, decodable by apache-arrow', async () => {
  const path = join(dir, 'round.sorrel');
  const written = await writeSnapshotFile(path, input());
  const s = await loadSnapshotFile(path);
  assert.equal(s.manifest, written);
  assert.equal(s.names, ['catalog', 'empty', 'precomputed', 'table/tiny'], 'name order');
  assert.is(s.manifest.dataVersion, 'v-test');
  assert.equal(s.manifest.meta, { rows: { tiny: 3 }, title: 'Tiny' });
  assert.equal(s.json('catalog'), { title: 'Tiny', fields: [{ id: 1, name: 'X' }] });
  assert.equal([...s.bytes('precomputed')], [1, 2, 3, 4, 5]);
  assert.is(s.bytes('empty').byteLength, 0);
  const shared = s.shared('table/tiny');
  assert.instance(shared, SharedArrayBuffer);
  assert.is(shared.byteLength, ipc.byteLength);
  assert.ok(Buffer.from(shared).equals(Buffer.from(ipc)));
  const back = arrow.tableFromIPC(new Uint8Array(shared));
  assert.equal([...back.getChild('x')!], [1.5, -2, 3e10]);
  assert.equal([...back.getChild('n')!], [7, 8, 9]);
  assert.throws(
    () => s.shared('catalog'),
    (e: Error) => e instanceof SnapshotFileError && /is json, not arrow/.test(e.message),
  );
  assert.throws(
    () => s.bytes('nope'),
    (e: Error) => e instanceof SnapshotFileError && /has no section "nope"/.test(e.message),
  );
});

/** A section's hash as the format defines it: the BLAKE3 of its 16 MiB blocks' BLAKE3s. */
function sectionHash(bytes: Uint8Array): string {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 16 * 2 ** 20) blocks.push(blake3(bytes.subarray(at, at + 16 * 2 ** 20)));
  return blake3(Buffer.concat(blocks)).toString('hex');
}

test('lays out magic, format version, manifest length, 64-byte-aligned sections and a sha256 trailer', () => {
  const b = bytesOf(input());
  assert.is(b.toString('latin1', 0, 8), 'SORREL\0\0');
  assert.is(b.readUInt32LE(8), FORMAT_VERSION);
  const m = b.readUInt32LE(12);
  const manifest = JSON.parse(b.toString('utf8', 16, 16 + m));
  const data = Math.ceil((16 + m) / 64) * 64;
  assert.ok(
    b.subarray(16 + m, data).every((x) => x === 0),
    'zero padding after the manifest',
  );
  for (const s of manifest.sections) {
    assert.is((data + s.offset) % 64, 0, `${s.name} starts on a 64-byte boundary`);
    const bytes = b.subarray(data + s.offset, data + s.offset + s.length);
    assert.is(sectionHash(bytes), s.blake3, s.name);
  }
  assert.is(
    manifest.sections.find((s: { name: string }) => s.name === 'empty').blake3,
    'af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262', // BLAKE3 of no input (the spec's test vector)
    'an empty section: the hash of no block',
  );
  assert.is(b.length % 64, 32, 'data area padded to 64, then the 32-byte trailer');
  assert.is(b.subarray(-32).toString('hex'), createHash('sha256').update(b.subarray(0, data)).digest('hex'));
  assert.equal(Object.keys(manifest), ['content', 'dataVersion', 'format', 'meta', 'sections'], 'canonical key order');
});

test('writes byte-identical files for identical inputs, whatever the order of sections and keys', async () => {
  const a = join(dir, 'a.sorrel'),
    b = join(dir, 'b.sorrel');
  await writeSnapshotFile(a, input('forward'));
  await writeSnapshotFile(b, input('reverse'));
  assert.ok(readFileSync(a).equals(readFileSync(b)));
  assert.ok(readFileSync(a).equals(bytesOf(input())), 'the file is exactly the chunks');
  assert.not.ok(
    readdirSync(dir).some((f) => f.endsWith('.tmp')),
    'no temporary file left behind',
  );
});

test('defaults the data version to the content hash, which ignores meta and the data version itself', () => {
  const { manifest } = planSnapshot({ sections: input().sections });
  assert.is(manifest.dataVersion, manifest.content);
  assert.is(planSnapshot({ ...input(), meta: { other: true } }).manifest.content, manifest.content);
  const changed = planSnapshot({
    sections: [...input().sections.slice(1), { name: 'catalog', kind: 'json', bytes: Buffer.from('{}') }],
  }).manifest;
  assert.is.not(changed.content, manifest.content);
});

test('refuses duplicate or unprintable section names and unknown kinds when writing', () => {
  assert.throws(
    () =>
      planSnapshot({
        sections: [
          { name: 'a', kind: 'json', bytes: catalog },
          { name: 'a', kind: 'json', bytes: catalog },
        ],
      }),
    /Two sections are named "a"/,
  );
  assert.throws(() => planSnapshot({ sections: [{ name: 'a b', kind: 'json', bytes: catalog }] }), /printable ASCII/);
  assert.throws(
    () => planSnapshot({ sections: [{ name: 'a', kind: 'csv' as 'json', bytes: catalog }] }),
    /unknown kind "csv"/,
  );
});

test('reads the manifest alone without the sections', async () => {
  const path = writeBytes(bytesOf(input()));
  assert.equal(await loadSnapshotManifest(path), planSnapshot(input()).manifest);
});

test('refuses a missing file, naming the system error', async () => {
  const e = await refusal(join(dir, 'missing.sorrel'));
  assert.match(e.reason, /cannot read the snapshot file \(ENOENT\)/);
});

test('refuses a directory, naming the system error', async () => {
  const e = await refusal(dir);
  assert.match(e.reason, /cannot read the snapshot file \(EISDIR\)/);
  await loadSnapshotManifest(dir).then(
    () => assert.unreachable('loaded'),
    (err: Error) => assert.instance(err, SnapshotFileError),
  );
});

test('refuses a file that is not a snapshot (a catalog, a CSV, an empty file)', async () => {
  for (const text of ['title: My catalog\n', 'a,b\n1,2\n', '']) {
    const e = await refusal(writeBytes(Buffer.from(text)));
    assert.match(e.reason, /^not a Sorrel snapshot file/);
  }
});

test('refuses a snapshot of another format version and says to rebuild', async () => {
  for (const format of [FORMAT_VERSION + 1, 2]) {
    const b = bytesOf(input());
    b.writeUInt32LE(format, 8);
    const e = await refusal(writeBytes(b));
    assert.is(
      e.reason,
      `snapshot format ${format}, but this Sorrel reads format 3 or 4; rebuild it with this version's \`sorrel build\``,
    );
  }
});

test('refuses a truncated file wherever it was cut', async () => {
  const b = bytesOf(input());
  for (const cut of [6, 12, 40, 200, b.length - 200, b.length - 33, b.length - 1]) {
    const e = await refusal(writeBytes(b.subarray(0, cut)));
    assert.match(e.reason, /^truncated/, `cut at ${cut}: ${e.reason}`);
  }
});

test('refuses extra bytes after the end', async () => {
  const e = await refusal(writeBytes(Buffer.concat([bytesOf(input()), Buffer.from([0])])));
  assert.match(e.reason, /^1 unexpected bytes after the end/);
});

test('refuses a file with any single byte altered', async () => {
  const b = bytesOf(input());
  const path = join(dir, 'flip.sorrel');
  for (let i = 0; i < b.length; i++) {
    const altered = Buffer.from(b);
    altered[i] ^= 0x01;
    writeFileSync(path, altered);
    await refusal(path);
  }
});

test('names the section whose bytes were altered', async () => {
  const b = bytesOf(input());
  const { manifest } = planSnapshot(input());
  const data = Math.ceil((16 + b.readUInt32LE(12)) / 64) * 64;
  const table = manifest.sections.find((s) => s.name === 'table/tiny')!;
  b[data + table.offset + 100] ^= 0xff;
  const e = await refusal(writeBytes(b));
  assert.match(e.reason, /^altered or corrupted: section "table\/tiny" \(bytes \d+–\d+\) does not match its hash$/);
});

test('refuses a manifest edited consistently with its own hashes but not with the trailer', async () => {
  const b = bytesOf(input());
  const at = b.indexOf('v-test');
  b.write('v-TEST', at, 'latin1');
  const e = await refusal(writeBytes(b));
  assert.is(e.reason, "altered or corrupted: the header or manifest does not match the trailer's sha256");
});

test.run();
