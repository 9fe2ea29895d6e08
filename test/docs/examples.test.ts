// Tests: every curl example in README.md and docs/*.md, run against the demo catalog and compared with the
// answer the docs show (the rule is in docs/development.md). A changed answer fails until the docs are updated.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { compareAnswer, fetchAnswer } from './answer.ts';
import { parseCurl } from './curl.ts';
import { findExamples } from './examples.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEMO = `${ROOT}demo/catalog.yaml`;
const FILES = [
  'README.md',
  ...readdirSync(`${ROOT}docs`)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const EXAMPLES = FILES.flatMap((file) => findExamples(readFileSync(ROOT + file, 'utf8'), file));

const t = suite('documented examples on the demo');
let s: Running;
t.before(async () => {
  s = await startTestServer(DEMO);
});
t.after(async () => {
  await s.close();
});

t('the README shows three curl examples and docs/api.md shows more', () => {
  assert.is(EXAMPLES.filter((e) => e.where.startsWith('README.md:')).length, 3);
  assert.ok(EXAMPLES.filter((e) => e.where.startsWith('docs/api.md:')).length >= 10);
});

for (const example of EXAMPLES) {
  t(`${example.where}: ${example.command.split('\n')[0]}`, async () => {
    const request = parseCurl(example.command);
    const difference = compareAnswer(example.answer, request.show, await fetchAnswer(request, s.url));
    if (difference) assert.unreachable(`${example.where}: ${difference}`);
  });
}

t.run();
