// The leak matrix (API.md §2) again with the small-count rule on (API.md §15): suppression opens no path to what a user may not see.
import { test } from 'uvu';
import { writeLeakCatalog } from '../helpers/leak-catalog.ts';
import { defineLeakSuite } from '../helpers/leak-suite.ts';

defineLeakSuite(writeLeakCatalog({ disclosure: 'disclosure: { min_count: 3, exempt: [other] }' }));

test.run();
