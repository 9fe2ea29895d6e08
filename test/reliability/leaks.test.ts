// The leak matrix (API.md §2): every path × user kind × flag combination, expectations derived from a generated catalog.
import { test } from 'uvu';
import { writeLeakCatalog } from '../helpers/leak-catalog.ts';
import { defineLeakSuite } from '../helpers/leak-suite.ts';

defineLeakSuite(writeLeakCatalog());

test.run();
