// The limits of API.md §13 that every path applies alike (in memory, built file, engine, tree), once.
import type { DistParams } from './tasks.ts';

/**
 * The most groups a distribution may have before it is TOO_MANY_GROUPS: none when it is clustered
 * (a number field with `cluster`: every group is gathered, then clustered), else `maxGroups`.
 */
export function toGroupLimit(params: Pick<DistParams, 'cluster' | 'numeric' | 'maxGroups'>): number {
  return params.cluster && params.numeric ? Number.POSITIVE_INFINITY : params.maxGroups;
}
