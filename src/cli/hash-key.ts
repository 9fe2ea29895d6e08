// `sorrel hash-key`: the SHA-256 of an API key, as the catalog stores it.
import { toKeyHash } from '../snapshot/access.ts';
import { COMMANDS } from './args.ts';
import { fail } from './output.ts';

/** Prints the key's hash. */
export function hashKey(key: string | undefined): number {
  if (!key) return fail('hash-key needs the key to hash.', COMMANDS['hash-key'].usage);
  console.log(toKeyHash(key));
  return 0;
}
