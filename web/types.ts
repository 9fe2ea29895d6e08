// The API's shapes the page reads: names for parts of web/api-types.ts, which is generated from the
// OpenAPI document (`npm run types`), so the page type-checks against the contract the service serves.
import type { components, paths } from './api-types.ts';

type Schemas = components['schemas'];
/** The JSON body of a 200 answer to GET `path`. */
type Answer<P extends keyof paths> = paths[P]['get'] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type Link = Schemas['Link'];
export type Category = Schemas['Category'];
export type Field = Answer<'/api/fields/{id}/'>;
export type Concept = Answer<'/api/concepts/{id}/'>;
export type Entity = Schemas['Entities'];
export type Root = Answer<'/api/'>;
export type Value = Schemas['Value'];
export type ValueCount = Schemas['ValueCount'];
export type ValuesPage = Schemas['ValuesPage'];
export type DistPoint = Schemas['DistPoint'];
export type Suppressed = Schemas['Suppressed'];
/** An answer as it may arrive: itself, or suppressed whole by the small-count rule (API.md §15). */
export type Maybe<T> = T | Suppressed;
export type Dist = Exclude<Answer<'/api/fields/{id}/dist/'>, Suppressed>;
export type Stats = Exclude<Answer<'/api/fields/{id}/stats/'>, Suppressed>;
export type Disclosure = NonNullable<Root['disclosure']>;

/** Whether an answer is suppressed whole: `{"suppressed": true}` and nothing else. */
export function isSuppressed(a: unknown): a is Suppressed {
  return typeof a === 'object' && a !== null && !Array.isArray(a) && Object.keys(a).length === 1 && 'suppressed' in a;
}
