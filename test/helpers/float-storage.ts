// Test helper: a snapshot file as Sorrel built it before format 4: every integer column Float64, format 3 in the header.
import * as arrow from 'apache-arrow';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { toPrecomputed, toPrecomputedBytes } from '../../src/snapshot/file/codec.ts';
import { toFieldValues } from '../../src/snapshot/field-values.ts';
import { loadSnapshotFile, type SectionInput, writeSnapshotFile } from '../../src/snapshot/file/container.ts';

/** The precomputed section with every field's Int32 values as Float64 (format 3 had no `i32` values). */
function toFloatValues(bytes: Uint8Array): Uint8Array {
  const { values, stats } = toPrecomputed(bytes);
  const floats = new Map(
    [...values].map(([id, v]) => {
      const labels = Array.from({ length: v.values.length }, (_, i) => v.label(i));
      const numbers = v.values instanceof Int32Array ? Float64Array.from(v.values) : v.values;
      return [id, toFieldValues(numbers, v.counts, v.nullCount, labels)];
    }),
  );
  return toPrecomputedBytes({ values: floats, stats });
}

/**
 * Writes to `out` the file `path` with every Arrow Int32 column (an integer column that fitted 32
 * bits) widened to Float64 with the same nulls, its profiles' values as Float64, its format set to 3 (header and manifest) and its
 * trailer hash made again: what the build before integer columns narrowed wrote. Returns how many
 * columns were widened.
 */
export async function writeFormat3(path: string, out: string): Promise<number> {
  const contents = await loadSnapshotFile(path);
  let widened = 0;
  const sections: SectionInput[] = contents.manifest.sections.map((s) => {
    if (s.name === 'precomputed') return { name: s.name, kind: s.kind, bytes: toFloatValues(contents.bytes(s.name)) };
    if (s.kind !== 'arrow') return { name: s.name, kind: s.kind, bytes: contents.bytes(s.name) };
    const table = arrow.tableFromIPC(contents.bytes(s.name));
    const fields: arrow.Field[] = [];
    const children: arrow.Data[] = [];
    table.schema.fields.forEach((f, i) => {
      const data = table.getChildAt(i)!.data[0];
      if (!arrow.DataType.isInt(f.type) || f.type.bitWidth !== 32) {
        fields.push(f);
        children.push(data);
        return;
      }
      widened++;
      const values = Float64Array.from((data.values as Int32Array).subarray(data.offset, data.offset + data.length));
      const { length, nullCount } = data;
      const nullBitmap = nullCount > 0 ? data.nullBitmap : undefined;
      children.push(arrow.makeData({ type: new arrow.Float64(), length, nullCount, nullBitmap, data: values }));
      fields.push(new arrow.Field(f.name, new arrow.Float64(), f.nullable, f.metadata));
    });
    const schema = new arrow.Schema(fields);
    const struct = arrow.makeData({ type: new arrow.Struct(fields), length: table.numRows, nullCount: 0, children });
    const bytes = arrow.tableToIPC(new arrow.Table(schema, [new arrow.RecordBatch(schema, struct)]), 'file');
    return { name: s.name, kind: s.kind, bytes };
  });
  const { dataVersion, meta } = contents.manifest;
  await writeSnapshotFile(out, { sections, dataVersion, meta });
  const b = readFileSync(out);
  b.writeUInt32LE(3, 8);
  const length = b.readUInt32LE(12);
  const manifest = b.subarray(16, 16 + length);
  const at = manifest.indexOf('"format":4');
  if (at < 0) throw new Error('no "format":4 in the manifest');
  manifest.write('"format":3', at, 'utf8');
  // The trailer: the sha256 of the header, the manifest and its padding (bytes 0 … D).
  createHash('sha256')
    .update(b.subarray(0, Math.ceil((16 + length) / 64) * 64))
    .digest()
    .copy(b, b.length - 32);
  writeFileSync(out, b);
  return widened;
}
