// The search index for the users the small-count rule applies to (API.md §15): without the values whose naive counts it hides.
import { appliesTo, toShownCounts } from '../../common/disclosure.ts';
import type { User } from '../../contract/model.ts';
import type { DisclosureRule } from '../../contract/disclosure.ts';
import { buildSearchIndex, type SearchIndex, type SearchInput } from '../../search/index.ts';
import type { FieldValues } from '../field-values.ts';
import { type PushedFields, toIndexedLabels } from '../value-search.ts';

/**
 * The index over the same fields and concepts, whose value labels leave out every value whose naive
 * count the rule hides (suppressed, or suppressed beside one), so neither a match nor its relevance
 * tier shows one. A pushed field (its values searched in the engine, API.md §14) is not searched by
 * value for these users at all (src/http/listing.ts asks the engine nothing), nor by the accented
 * values the index holds for it: their counts are not known here.
 */
export function buildDisclosedSearch(
  input: Omit<SearchInput, 'valueLabels'>,
  rule: DisclosureRule,
  values: ReadonlyMap<number, FieldValues>,
  pushed: PushedFields,
): SearchIndex {
  return buildSearchIndex({
    ...input,
    valueLabels: (id) => {
      if (pushed.has(id)) return [];
      const labels = toIndexedLabels(pushed, values, id);
      const vals = values.get(id);
      if (!vals) return labels;
      const { shown, suppressed } = toShownCounts(vals.counts, rule);
      return suppressed ? labels.filter((_, i) => !Number.isNaN(shown[i])) : labels;
    },
  });
}

/** The index each user searches: `search`, or for the users the rule applies to the one without what it hides. */
export function toSearchFor(
  rule: DisclosureRule | null,
  search: SearchIndex,
  input: Omit<SearchInput, 'valueLabels'>,
  values: ReadonlyMap<number, FieldValues>,
  pushed: PushedFields,
): (user: User) => SearchIndex {
  if (!rule) return () => search;
  const disclosed = buildDisclosedSearch(input, rule, values, pushed);
  return (user) => (appliesTo(rule, user) ? disclosed : search);
}
