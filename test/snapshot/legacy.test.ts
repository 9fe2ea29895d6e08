// A snapshot file built before tables had parts (one `section` per table, no sha256 in the catalog section) still serves, with its version.
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toCanonicalJson } from '../../src/snapshot/file/canonical.ts';
import { loadSnapshotFile, type SectionInput, writeSnapshotFile } from '../../src/snapshot/file/container.ts';
import { startTestServer } from '../helpers/server.ts';
import { answersOf, buildFile, copyFixture } from '../helpers/tree.ts';

type Stored = { tables: { sections?: string[]; section?: string; sha256?: string }[] };

test('a file whose tables name one section each, as files built before parts do, answers as the new file', async () => {
  const catalog = copyFixture({ pin: true });
  const file = await buildFile(catalog);
  const contents = await loadSnapshotFile(file);
  // The old layout: table i in section `table-000i`, its hash only in the manifest.
  const stored = contents.json('catalog') as Stored;
  const renamed = new Map<string, string>();
  stored.tables.forEach((t, i) => {
    assert.is(t.sections!.length, 1);
    renamed.set(t.sections![0], `table-${String(i).padStart(4, '0')}`);
    t.section = renamed.get(t.sections![0]);
    delete t.sections;
    delete t.sha256;
  });
  const sections: SectionInput[] = contents.manifest.sections.map((s) => ({
    name: renamed.get(s.name) ?? s.name,
    kind: s.kind,
    bytes: s.name === 'catalog' ? Buffer.from(toCanonicalJson(stored), 'utf8') : contents.bytes(s.name),
  }));
  const old = join(dirname(catalog), 'old.sorrel');
  await writeSnapshotFile(old, { sections, dataVersion: contents.manifest.dataVersion, meta: contents.manifest.meta });
  const base = { baseUrl: 'http://sorrel.test' };
  const [a, b] = await Promise.all([startTestServer(file, base), startTestServer(old, base)]);
  try {
    assert.is(b.state.snapshot!.version, a.state.snapshot!.version);
    assert.equal(await answersOf(b.url), await answersOf(a.url));
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test.run();
