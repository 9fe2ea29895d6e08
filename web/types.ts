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
export type Dist = Answer<'/api/fields/{id}/dist/'>;
export type Stats = Answer<'/api/fields/{id}/stats/'>;
