import * as arrow from 'apache-arrow';
for (const t of [new arrow.DateMillisecond(), new arrow.DateDay(), new arrow.TimestampMicrosecond(), new arrow.TimeMicrosecond(), new arrow.TimeSecond(), new arrow.Float16(), new arrow.Decimal(2, 10, 128), new arrow.Int64(), new arrow.Uint64(), new arrow.LargeUtf8()]) console.log(String(t), t.ArrayType?.name, t.typeId);
console.log(Object.entries(arrow.Type).filter(([k,v])=>typeof v==='number').map(([k,v])=>k+'='+v).join(' '));
const v = arrow.vectorFromArray([1.5, null, 2], new arrow.Float16()); console.log(v.data[0].values, v.get(0));
const d = arrow.vectorFromArray([Date.UTC(2020,0,2), null], new arrow.DateMillisecond()); console.log(d.data[0].values, d.get(0));
const ts = arrow.vectorFromArray([Date.UTC(2020,0,2)], new arrow.TimestampMillisecond()); console.log(ts.data[0].values, ts.get(0));
console.log(typeof arrow.util?.bigNumToNumber, Object.keys(arrow.util||{}).slice(0,50));
