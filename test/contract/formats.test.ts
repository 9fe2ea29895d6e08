// The one list of data formats (src/contract/formats.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FORMATS, formatOf, toExtensionList } from '../../src/contract/formats.ts';

test('every extension names a listed format, and every format has an extension', () => {
  const named = ['.csv', '.tsv', '.tab', '.ndjson', '.jsonl', '.json', '.arrow', '.feather', '.ipc', '.parquet'].map(
    (e) => formatOf(`x${e}`),
  );
  assert.ok(named.every((f) => f !== null && FORMATS.includes(f)));
  assert.equal([...new Set(named)].sort(), [...FORMATS].sort());
});

test('the extension list for messages names them all', () => {
  assert.is(toExtensionList(), '.csv, .tsv, .tab, .ndjson, .jsonl, .json, .arrow, .feather, .ipc or .parquet');
});

test.run();
