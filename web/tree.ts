// Which datasets belong to the catalog root's model tree (API.md §12), learned from the API itself.
import { useEffect, useState } from 'preact/hooks';
import { ApiError, getJson } from './api.ts';
import type { Field, Root } from './types.ts';

/**
 * The datasets of the root's tree, or null (no root, or not known yet). The API names the root's
 * entity but not the tree's datasets, so each dataset is asked once: GET /api/entities/ with a
 * condition on one of its fields that selects nothing (`in []`) answers 200 when the dataset is in
 * the tree and 400 INVALID_CONTEXT when it is not (§6: a condition outside the field's tree).
 */
export function useRootTree(root: Root | null, fields: Map<number, Field>, key: string): Set<string> | null {
  const [tree, setTree] = useState<Set<string> | null>(null);
  const probes = new Map<string, number>();
  for (const f of fields.values()) if (!probes.has(f.app_name)) probes.set(f.app_name, f.id);
  const deps = JSON.stringify([!!root?.entity, [...probes], key]);
  useEffect(() => {
    setTree(null);
    if (!root?.entity || probes.size === 0) return undefined;
    const ac = new AbortController();
    const probe = async ([dataset, id]: [string, number]) => {
      const context = JSON.stringify({ field: id, operator: 'in', value: [] });
      try {
        await getJson('entities/', { aware: 'true', context }, key, ac.signal);
        return dataset;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_CONTEXT') return null;
        throw err;
      }
    };
    Promise.all([...probes].map(probe)).then(
      (found) => {
        if (!ac.signal.aborted) setTree(new Set(found.filter((d): d is string => d !== null)));
      },
      // The service failed: conditions then apply only within their own dataset, which is never wrong.
      () => {
        if (!ac.signal.aborted) setTree(new Set());
      },
    );
    return () => ac.abort();
  }, [deps]);
  return tree;
}
