// The object a path names, if the requester may see it: the same 404 whether it is unknown or invisible (API.md §2).
import type { Concept, Field } from '../contract/model.ts';
import { notFound } from './errors.ts';
import type { RequestContext } from './route.ts';
import { toId } from './params.ts';

/** The field named by the path's `:id`. */
export function toVisibleField(ctx: RequestContext): Field {
  const id = toId(ctx.params.id);
  if (id === null || !ctx.snapshot.isFieldVisible(ctx.user, id)) throw notFound('field', ctx.params.id ?? '');
  return ctx.snapshot.fields.get(id)!;
}

/** The concept named by the path's `:id`. */
export function toVisibleConcept(ctx: RequestContext): Concept {
  const id = toId(ctx.params.id);
  if (id === null || !ctx.snapshot.isConceptVisible(ctx.user, id)) throw notFound('concept', ctx.params.id ?? '');
  return ctx.snapshot.concepts.get(id)!;
}
