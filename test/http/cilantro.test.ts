// Tests: a black-box walk of the demo the way the Cilantro 2.3 client walks it — the requests it
// sends and what it reads from each answer (shared/reference/cilantro-client.md §1–§2, checked
// against Cilantro 2.3.9 run in jsdom). If this fails, the original client breaks somewhere.
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Running } from '../../src/serve/server.ts';
import {
  ajax,
  XHR,
  isScalar,
  isSupported,
  type Json,
  type Links,
  toLinks,
  toLogicalType,
  toParam,
  toPrettyNumber,
  toStatsPanel,
} from '../helpers/cilantro.ts';
import { startTestServer } from '../helpers/server.ts';

// A line whose value is a number as the panel prints it: "36", "30.4", "-12,345", "3.2 K", "1.23e-3".
const PRETTY_NUMBER = /^\S+ -?[\d,]+(\.\d+)?(e[+-]\d+)?( [A-Za-z]+)?$/;
const DEMO = fileURLToPath(new URL('../../demo/catalog.yaml', import.meta.url));

const t = suite('Cilantro 2.3 client walk');
let s: Running;
t.before(async () => {
  s = await startTestServer(DEMO);
});
t.after(async () => {
  await s.close();
});

// The session the walk builds, step by step.
const session: {
  root: Json;
  links: Links;
  concepts: Json[];
  fields: Map<number, Json>;
  conceptFields: Map<number, Json[]>;
} = {
  root: null,
  links: {},
  concepts: [],
  fields: new Map(),
  conceptFields: new Map(),
};

t(
  'opens the session from GET /api/: a clean version that turns every feature on, and the collection links',
  async () => {
    const root = await ajax(`${s.url}/api/`);
    session.root = root;
    session.links = toLinks(root);
    assert.type(root.title, 'string');
    for (const feature of ['2.1.0', '2.2.0', '2.3.1', '2.3.2', '2.3.6', '2.3.7'])
      assert.ok(isSupported(root.version, feature), `feature ${feature} off with version ${root.version}`);
    assert.ok(isSupported(root.version, root.version), 'debug mode would warn "Serrano Version Unsupported"');
    assert.is(session.links.concepts, `${s.url}/api/concepts/`);
    assert.is(session.links.fields, `${s.url}/api/fields/`);
  },
);

t(
  'loads concepts and fields as bare arrays; every concept is offered in the query panel and the column picker',
  async () => {
    const concepts: Json[] = await ajax(session.links.concepts!);
    const fields: Json[] = await ajax(session.links.fields!);
    assert.ok(Array.isArray(concepts) && Array.isArray(fields));
    assert.is(new Set(concepts.map((c) => c.id)).size, concepts.length);
    for (const f of fields) session.fields.set(f.id, f);
    const queryable = concepts.filter((c) => !!c.queryable || !!c.queryview);
    const viewable = concepts.filter((c) => !!c.viewable || !!c.formatter_name);
    assert.is(concepts.length, 31); // the demo offers all of them, anonymously (28, plus 3 on the flights tree)
    assert.is(queryable.length, concepts.length);
    assert.is(viewable.length, concepts.length);
    for (const c of concepts) {
      assert.type(c.id, 'number');
      assert.type(c.name, 'string');
      assert.ok(
        c.category === null ||
          (typeof c.category.name === 'string' &&
            (c.category.parent === null || typeof c.category.parent.name === 'string')),
      );
      assert.is(c.fields, undefined); // no embed: fields come through the link on focus
    }
    session.concepts = queryable;
  },
);

t(
  "focusing a concept fetches its fields through _links.fields.href: full field objects in the concept's order",
  async () => {
    for (const c of session.concepts) {
      const links = toLinks(c);
      assert.type(links.self, 'string');
      assert.type(links.fields, 'string', `concept ${c.id}: _links.fields.href is what Concept.fields.url() returns`);
      const fields: Json[] = await ajax(links.fields!);
      assert.ok(fields.length > 0, `concept ${c.id} has no fields`);
      assert.equal(
        fields.map((f) => f.id),
        c._links.field.map((r: Json) => r.id),
      );
      for (const f of fields) assert.equal(f._links, session.fields.get(f.id)._links, `field ${f.id} links`);
      session.conceptFields.set(c.id, fields);
    }
    assert.is((await fetch(`${s.url}/api/concepts/999999/`, { headers: XHR })).status, 404);
  },
);

/** Every field of every concept, once, with its logical type. */
const walkFields = () => {
  const seen = new Map<number, Json>();
  for (const fields of session.conceptFields.values()) for (const f of fields) seen.set(f.id, f);
  return [...seen.values()];
};

t('choice fields: the infograph reads /dist/ (raw scalar values, counts) and /values/?limit=0 (labels)', async () => {
  const choices = walkFields().filter((f) => toLogicalType(f) === 'choice');
  assert.ok(choices.length >= 5);
  for (const f of choices) {
    const links = toLinks(f);
    const dist = await ajax(links.distribution!);
    assert.equal(
      [typeof dist.size, typeof dist.clustered, Array.isArray(dist.data), Array.isArray(dist.outliers)],
      ['number', 'boolean', true, true],
    );
    const all = await ajax(`${links.values}?${toParam({ limit: 0 })}`);
    const known = new Set(all.values.map((v: Json) => JSON.stringify(v.value)));
    for (const p of dist.data) {
      assert.ok(Number.isInteger(p.count) && p.count > 0);
      assert.ok(
        isScalar(p.values[0]),
        `field ${f.id}: a bar's value must be a scalar, got ${JSON.stringify(p.values[0])}`,
      );
      assert.ok(known.has(JSON.stringify(p.values[0])), `field ${f.id}: no label for ${p.values[0]}`);
    }
    for (const v of all.values) assert.type(v.label, 'string');
  }
});

t('number and date fields: range bounds and the stats panel from /stats/, the chart from /dist/', async () => {
  const ranged = walkFields().filter((f) => ['number', 'date', 'time', 'datetime'].includes(toLogicalType(f)));
  assert.ok(ranged.length >= 20);
  for (const f of ranged) {
    const links = toLinks(f);
    assert.type(links.stats, 'string', `field ${f.id}: the range control reads stats min/max`);
    const stats = await ajax(links.stats!);
    assert.ok('min' in stats && 'max' in stats && isScalar(stats.min) && isScalar(stats.max));
    if (f.simple_type === 'date') assert.match(stats.min, /^\d{4}-\d{2}-\d{2}$/);
    // The panel shows a number on every line of a number field: p05 … p95 too (API.md §8).
    const panel = toStatsPanel(stats);
    for (const line of panel) assert.not.match(line, /\[object /, `field ${f.id}: the stats panel shows "${line}"`);
    if (f.simple_type === 'number' && stats.count > 0)
      for (const p of ['Count', 'Min', 'Max', 'mean', 'p05', 'p25', 'p50', 'p75', 'p95'])
        assert.ok(
          panel.some((line) => PRETTY_NUMBER.test(line) && line.startsWith(`${p} `)),
          `field ${f.id}: no number for ${p} in the stats panel: ${panel.join(' | ')}`,
        );
    const dist = await ajax(links.distribution!);
    assert.ok(dist.size > 0, `field ${f.id}: an empty chart`);
    for (const p of dist.data) {
      const x = p.values[0];
      if (f.simple_type === 'number') assert.type(x, 'number');
      else assert.match(x, /^\d{4}-\d{2}-\d{2}/); // parsed as a date for the datetime axis
    }
  }
});

t('the stats panel of penguin body mass reads as numbers, quantiles included', async () => {
  // Hand-worked with Cilantro's prettyNumber: whole numbers from 1000 on get one decimal and "K".
  assert.equal([3150, 30.4, 36, -12345, 0.001234, 4201.754385964912].map(toPrettyNumber), [
    '3.2 K',
    '30.4',
    '36',
    '-12,345',
    '1.23e-3',
    '4.2 K',
  ]);
  const stats = await ajax(`${s.url}/api/fields/36/stats/`);
  assert.is(
    toStatsPanel(stats).join(' | '),
    'Count 342 | null_count 2 | distinct 94 | Min 2.7 K | Max 6.3 K | mean 4.2 K | stddev 802 | sum 1.4 million | p05 3.2 K | p25 3.6 K | p50 4.1 K | p75 4.8 K | p95 5.7 K',
  );
});

t('search fields: paging, value search, and typed values validated by POST and merged back by label', async () => {
  const searchable = walkFields().filter((f) => toLogicalType(f) === 'string');
  assert.ok(searchable.length >= 5);
  const page = (r: Json) => {
    assert.ok(
      Number.isInteger(r.page_num) && Number.isInteger(r.num_pages) && r.page_num >= 1 && r.page_num <= r.num_pages,
      'page out of bounds',
    );
    assert.ok(Array.isArray(r.values));
    for (const v of r.values) assert.type(v.label, 'string');
    assert.is(
      new Set(r.values.map((v: Json) => v.label)).size,
      r.values.length,
      'labels are the ids of the value models',
    );
    return r.values as Json[];
  };
  for (const f of searchable) {
    const url = toLinks(f).values!;
    const first = await ajax(url);
    const items = page(first);
    assert.is(first.page_num, 1);
    if (first.num_pages > 1) {
      const second = await ajax(`${url}?${toParam({ page: 2 })}`);
      assert.is(second.page_num, 2);
      assert.ok(page(second).every((v) => !items.some((w) => w.label === v.label)));
    }
    const known = items[0];
    const found = await ajax(`${url}?${toParam({ query: known.label.slice(0, 3) })}`);
    assert.ok(page(found).some((v) => v.label === known.label) || found.num_pages > 1);
    const none = await ajax(`${url}?${toParam({ query: 'zzzz no match' })}`);
    assert.equal([page(none).length, none.page_num, none.num_pages], [0, 1, 1]);

    const typed = [{ label: known.label }, { label: 'zz-not-a-value' }];
    const checked: Json[] = await ajax(url, { method: 'POST', body: JSON.stringify(typed) });
    assert.equal(
      checked.map((v) => [v.label, v.valid]),
      [
        [known.label, true],
        ['zz-not-a-value', false],
      ],
    );
    assert.equal(checked[0].value, known.value);
  }
});

t('concept search sends query and brief=1 and reads only the ids of a bare array', async () => {
  const target = session.concepts.find((c) => c.name.includes(' '))!;
  const hits: Json[] = await ajax(`${session.links.concepts}?${toParam({ query: target.name, brief: 1 })}`);
  assert.ok(hits.some((h) => h.id === target.id));
  const ids = new Set(session.concepts.map((c) => c.id));
  assert.ok(hits.every((h) => ids.has(h.id)));
  assert.equal(await ajax(`${session.links.concepts}?${toParam({ query: 'zzzz-no-match', brief: 1 })}`), []);
});

t.run();
