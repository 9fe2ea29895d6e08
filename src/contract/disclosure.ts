// The catalog's small-count rule (API.md §15): the least count shown, the rounding, the groups it spares.

/** `disclosure:` as checked: k ≥ 2, r ≥ 1, exempt groups (sorted, distinct). */
export type DisclosureRule = Readonly<{ minCount: number; roundTo: number; exempt: readonly string[] }>;
