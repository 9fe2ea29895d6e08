// web/api-types.ts is what openapi-typescript makes of the current OpenAPI document (scripts/api-types/generate.ts).
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API_TYPES_FILE, toApiTypes, toTypedDocument } from '../../scripts/api-types/generate.ts';

const current = toApiTypes();

test('web/api-types.ts is the generator’s output for the current document (else: npm run types)', async () => {
  const text = await current;
  const file = readFileSync(API_TYPES_FILE, 'utf8');
  if (file !== text) {
    const lines = [file.split('\n'), text.split('\n')];
    const at = lines[0].findIndex((line, i) => line !== lines[1][i]);
    assert.unreachable(
      `web/api-types.ts differs from the OpenAPI document from line ${at + 1} (file: ${JSON.stringify(lines[0][at])}, generated: ${JSON.stringify(lines[1][at])}). Run \`npm run types\`.`,
    );
  }
});

test('a change to the document changes the generated text: the comparison can fail', async () => {
  // A deep copy: the document shares its schema objects with every other one built in this process.
  const document = structuredClone(toTypedDocument()) as any;
  const stats = document.components.schemas.NumberStats;
  delete stats.properties.p95;
  stats.required = stats.required.filter((k: string) => k !== 'p95');
  const text = await toApiTypes(document);
  assert.ok((await current).includes('p95: number | null;'));
  assert.not.ok(text.includes('p95: number | null;'));
});

test('the types say what the page reads: flat stats, the stats of a date field without mean', async () => {
  const text = await current;
  assert.match(text, /NumberStats: \{[^}]*\bp05: number \| null;[^}]*\bp95: number \| null;\n\s*\};/);
  assert.not.match(text, /quantiles[?]?:/);
  assert.match(text, /TemporalStats: \{[^}]*max: string \| null;\n\s*\};/);
});

test.run();
