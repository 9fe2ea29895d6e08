// `sorrel check`: every problem of a catalog and its data files, or one OK line.
import { resolve } from 'node:path';
import { findAccessWarnings, findTimestampWarnings } from '../catalog/warnings.ts';
import { CatalogError } from '../catalog/read.ts';
import { toDisclosureText } from '../catalog/disclosure.ts';
import { COMMANDS } from './args.ts';
import { fail, toDatasetList, toWarningCount } from './output.ts';
import { findProblems } from './problems.ts';

/** Reports every problem: structure first, then each data file and column that can be checked; warns of weak access settings and unpinned timestamps. */
export async function check(catalogPath: string | undefined, bufferBytes?: number): Promise<number> {
  if (!catalogPath) return fail('check needs a catalog file.', COMMANDS.check.usage);
  const { spec, datasets, problems, warnings } = await findProblems(resolve(catalogPath), true, bufferBytes);
  // Dangling references do not stop serving (they are null links): reported, never failing.
  if (warnings.length)
    console.error(`Warning${warnings.length === 1 ? '' : 's'}:\n${warnings.map((w) => `  - ${w}`).join('\n')}`);
  if (spec && !problems.length) {
    for (const w of [...findAccessWarnings(spec), ...findTimestampWarnings(spec)]) console.error(`warning: ${w}`);
    const root = spec.root === null ? '' : ` root ${spec.root};`;
    console.log(
      `${catalogPath}: OK — ${spec.datasets.length} datasets: ${toDatasetList(datasets.values())};${root} ${spec.categories.length} categories, ${spec.fields.length} fields, ${spec.concepts.length} concepts${warnings.length ? ` (${toWarningCount(warnings.length)})` : ''}.`,
    );
    console.log(toDisclosureText(spec.disclosure));
    if (spec.disclosure?.minCount === 2)
      console.error(
        'warning: disclosure: with min_count 2 every suppressed count is 1, so the mark itself tells it; use 3 or more.',
      );
    return 0;
  }
  console.error(new CatalogError(problems).message);
  return 1;
}
