// The one type the OpenAPI modules share: a JSON value standing for a schema or document part.
export type Schema = { [key: string]: unknown };
