// OpenAPI parts of the small-count rule (API.md §15): counts that may be null, the `suppressed` mark, the answer suppressed whole.
import type { Schema } from './schema.ts';

// The small-count rule (API.md §15): for the users it applies to, a count below k is null and its object says `suppressed`.
const RULE =
  " Under the catalog's small-count rule (for the users it applies to): null when 0 < count < k (`suppressed` is then true), else rounded to a multiple of `round_to`, never below k.";
export const shownCount = (description: string): Schema => ({
  type: ['integer', 'null'],
  minimum: 0,
  description: description + RULE,
});
export const suppressed = (what: string): Schema => ({
  const: true,
  description: `Present (true) when ${what} is suppressed by the small-count rule; absent otherwise.`,
});

export const DISCLOSURE_SCHEMAS: Record<string, Schema> = {
  Suppressed: {
    type: 'object',
    description:
      "An answer suppressed whole by the catalog's small-count rule (API.md §15): stats over fewer than k records with a value, or any `aware=true` answer whose context keeps 1 to k − 1 records (entities in a model tree). The same shape for values, dist, stats and entities.",
    required: ['suppressed'],
    properties: { suppressed: { const: true } },
    additionalProperties: false,
  },
};
