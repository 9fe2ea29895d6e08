// Tests: a label_column may not publish a more restricted field's column (src/catalog/labels.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CatalogError, checkCatalog } from '../../src/catalog/read.ts';

const problemsOf = (fields: Record<string, unknown>[]): string[] => {
  try {
    checkCatalog(
      {
        datasets: [{ name: 'd', file: 'd.csv' }],
        categories: [],
        fields: fields.map((f, i) => ({ id: i + 1, dataset: 'd', ...f })),
        concepts: [],
      },
      'c.yaml',
      '2026-01-01T00:00:00.000',
    );
  } catch (err) {
    assert.instance(err, CatalogError);
    return (err as CatalogError).problems;
  }
  return [];
};

test("a public field labelled by a restricted field's column is refused, naming both", () => {
  assert.equal(
    problemsOf([
      { column: 'code', label_column: 'diagnosis' },
      { column: 'diagnosis', groups: ['clinicians'] },
    ]),
    [
      'c.yaml: fields[0] (id 1): label_column "diagnosis" is the column of field 2 (restricted to groups ["clinicians"]), so this field\'s labels would show its values to users who may not see it; label with a column no more restricted than this field, or restrict this field the same way.',
    ],
  );
  assert.match(
    problemsOf([
      { column: 'code', label_column: 'name' },
      { column: 'name', published: false },
    ]).join('\n'),
    /field 2 \(unpublished\)/,
  );
  assert.match(
    problemsOf([
      { column: 'code', label_column: 'name' },
      { column: 'name', archived: true },
    ]).join('\n'),
    /field 2 \(archived\)/,
  );
  // A field open to [a, b] labelled by a column open to [a] only: members of b would see it.
  assert.equal(
    problemsOf([
      { column: 'code', label_column: 'name', groups: ['a', 'b'] },
      { column: 'name', groups: ['a'] },
    ]).length,
    1,
  );
});

test('a label column no more restricted than the field, or published to its audience by another field, is fine', () => {
  assert.equal(problemsOf([{ column: 'code', label_column: 'name' }, { column: 'name' }]), []);
  assert.equal(problemsOf([{ column: 'code', label_column: 'name' }]), [], 'a column no field names');
  assert.equal(
    problemsOf([
      { column: 'code', label_column: 'name', groups: ['a'] },
      { column: 'name', groups: ['a', 'b'] },
    ]),
    [],
  );
  assert.equal(
    problemsOf([
      { column: 'code', label_column: 'name', published: false },
      { column: 'name', groups: ['a'] },
    ]),
    [],
    'only privileged users see an unpublished field',
  );
  assert.equal(
    problemsOf([{ column: 'code', label_column: 'name' }, { column: 'name', groups: ['a'] }, { column: 'name' }]),
    [],
    'field 3 already publishes the column to everyone',
  );
});

test.run();
