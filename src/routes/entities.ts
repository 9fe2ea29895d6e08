// GET /api/entities/: how many root entities a context selects (API.md §12), the number a cohort builder shows.
import { toAwareContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute, type Reply, type RequestContext } from '../http/route.ts';
import type { TreeContextNode } from '../contract/tree.ts';
import { discloseEntity, isSuppressedWhole, SUPPRESSED_WHOLE, toRule } from './disclose.ts';

type EntitiesParams = { context: TreeContextNode | null };

/** `{name, plural_name, count}`; 404 when the catalog declares no root. */
export const getEntities = defineRoute<EntitiesParams>({
  path: '/api/entities',
  name: 'entities',
  parse(ctx) {
    const { tree, entity } = ctx.snapshot;
    if (!tree || !entity)
      throw new HttpError(
        404,
        'NOT_FOUND',
        'This catalog declares no `root`, so it counts no entities. See GET /api/.',
      );
    const { context, canonical } = toAwareContext(ctx, tree.shape.root);
    return { params: { context }, canonical };
  },
  answer: (ctx, params) => answerEntities(ctx, params),
});

async function answerEntities(ctx: RequestContext, { context }: EntitiesParams): Promise<Reply> {
  const { tree, entity } = ctx.snapshot;
  const count = context
    ? await ctx.pool.run<number>({ kind: 'tree-count', tree: tree!, context }, ctx.signal)
    : entity!.count;
  const body = { name: entity!.name, plural_name: entity!.plural_name, count };
  // The small-count rule (API.md §15): a context keeping fewer than k entities is suppressed whole.
  const rule = toRule(ctx);
  if (!rule) return { body };
  if (context && isSuppressedWhole(count, rule)) return { body: SUPPRESSED_WHOLE };
  return { body: discloseEntity(body, rule) };
}
