// Tests: every curl example in README.md and docs/*.md, run against the demo catalog (or the one a file names) and
// compared with the answer the docs show (the rule is in docs/development.md). A changed answer fails until the docs are updated.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { compareAnswer, fetchAnswer } from './answer.ts';
import { parseCurl } from './curl.ts';
import { findExamples, toExamplesCatalog } from './examples.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'README.md',
  ...readdirSync(`${ROOT}docs`)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
// Each file's examples with the catalog they run against (a file may name one: docs/development.md).
const BY_FILE = FILES.map((file) => {
  const text = readFileSync(ROOT + file, 'utf8');
  return { catalog: toExamplesCatalog(text), examples: findExamples(text, file) };
});
const EXAMPLES = BY_FILE.flatMap((f) => f.examples);
const CATALOGS = [...new Set(BY_FILE.map((f) => f.catalog))].sort();

for (const catalog of CATALOGS) {
  const t = suite(`documented examples on ${catalog}`);
  let s: Running;
  t.before(async () => {
    s = await startTestServer(ROOT + catalog);
  });
  t.after(async () => {
    await s.close();
  });
  if (catalog === 'demo/catalog.yaml')
    t('the README shows three curl examples, docs/api.md more, docs/disclosure.md some on its own catalog', () => {
      assert.is(EXAMPLES.filter((e) => e.where.startsWith('README.md:')).length, 3);
      assert.ok(EXAMPLES.filter((e) => e.where.startsWith('docs/api.md:')).length >= 10);
      assert.equal(
        BY_FILE.find((f) => f.examples[0]?.where.startsWith('docs/disclosure.md:'))?.catalog,
        'demo/catalog-disclosure.yaml',
      );
    });
  for (const example of BY_FILE.filter((f) => f.catalog === catalog).flatMap((f) => f.examples)) {
    t(`${example.where}: ${example.command.split('\n')[0]}`, async () => {
      const request = parseCurl(example.command);
      const difference = compareAnswer(example.answer, request.show, await fetchAnswer(request, s.url));
      if (difference) assert.unreachable(`${example.where}: ${difference}`);
    });
  }
  t.run();
}
