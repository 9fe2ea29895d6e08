// OpenAPI answers of the paths with an Arrow body (API.md §16): JSON, or an Arrow IPC stream by Accept.
import { toJsonOrArrowResponse, toOkHeaders } from './responses.ts';
import type { Schema } from './schema.ts';

const schema = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const ARROW = 'With `Accept: application/vnd.apache.arrow.stream`: an Arrow IPC stream of one record batch';

/** The 200 of GET /values/. */
export const VALUES_OK = toJsonOrArrowResponse(
  'The values.',
  { oneOf: [schema('ValuesPage'), schema('ValueSample'), schema('Suppressed')] },
  `${ARROW} with columns \`value\` (typed by the field), \`label\` (Utf8) and \`count\` (Float64; null where the small-count rule suppresses it); the page envelope's other keys as JSON text in the schema metadata (none for \`random\`). Under the small-count rule an answer suppressed whole is the JSON \`{"suppressed": true}\`.`,
  toOkHeaders({}, 'OptionalETag', 'VaryAccept'),
);

/** The 200 of GET /dist/. */
export const DIST_OK = toJsonOrArrowResponse(
  'The distribution.',
  { oneOf: [schema('Dist'), schema('Suppressed')] },
  `Under the small-count rule (for the users it applies to) always the JSON body. ${ARROW} with a row per point of \`data\` and columns \`count\` (Float64), \`values_0…\` (typed by the field and axis) and \`labels_0…\` (Utf8); \`size\`, \`clustered\`, \`cells\`, \`axes\` and \`outliers\` as JSON text in the schema metadata.`,
  toOkHeaders({}, 'ETag', 'VaryAccept'),
);
