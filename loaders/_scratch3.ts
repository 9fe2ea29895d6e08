import { loadTable } from './index.ts';
const d = 'test/fixtures/data/';
for (const f of ['sample.csv', 'sample.tsv', 'sample.json', 'sample.ndjson', 'sample.arrow', 'sample.stream.arrow', 'sample.parquet']) {
  try {
    const r = await loadTable(d + f);
    const cols = r.table.schema.fields.map((fl, i) => { const data = r.table.getChildAt(i)!.data; return `${fl.name}:${fl.type}:${data.length}ch:${data[0].nullCount}:${data[0].nullBitmap?.length ?? '-'}:${JSON.stringify(Array.from(data[0].values as any, (x: any) => typeof x === 'bigint' ? String(x) : x))}${data[0].dictionary ? JSON.stringify(data[0].dictionary.toArray()) : ''}`; });
    console.log(f, r.rows, r.bytes, JSON.stringify(r.types)); console.log('  ' + cols.join('\n  '));
  } catch (e) { console.log(f, 'ERR', e); }
}
