// OpenAPI answers of the paths with an Arrow body (API.md §16): JSON, or an Arrow IPC stream by Accept.
import { toJsonOrArrowResponse, toOkHeaders } from './responses.ts';
import type { Schema } from './schema.ts';

const schema = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const ARROW = 'With `Accept: application/vnd.apache.arrow.stream`: an Arrow IPC stream of one record batch';

/** The 200 of GET /values/. */
export const VALUES_OK = toJsonOrArrowResponse(
  'The values.',
  { oneOf: [schema('ValuesPage'), schema('ValueSample'), schema('Suppressed')] },
  `${ARROW} with columns \`value\` (typed by the field), \`label\` (Utf8, or a dictionary of Utf8 when fewer bytes) and \`count\` (the narrowest of Uint8, Uint16, Uint32 holding the largest count, Float64 from 2^32 on); under the small-count rule a count it suppresses is null and a \`suppressed\` column (Bool) is true there. The page envelope's other keys as JSON text in the schema metadata (none for \`random\`); an answer suppressed whole has no row and \`suppressed\` in the metadata.`,
  toOkHeaders({}, 'OptionalETag', 'VaryAccept'),
);

/** The 200 of GET /dist/. */
export const DIST_OK = toJsonOrArrowResponse(
  'The distribution.',
  { oneOf: [schema('Dist'), schema('Suppressed')] },
  `${ARROW} with a row per point of \`data\` and columns \`count\` (the narrowest of Uint8, Uint16, Uint32 holding the largest count, Float64 from 2^32 on), \`values_0…\` (typed by the field and axis) and \`labels_0…\` (Utf8, or a dictionary of Utf8 when fewer bytes); under the small-count rule a count it suppresses is null and a \`suppressed\` column (Bool) is true there. \`size\`, \`clustered\`, \`cells\`, \`axes\` and \`outliers\` as JSON text in the schema metadata; an answer suppressed whole has no row and \`suppressed\` in the metadata.`,
  toOkHeaders({}, 'ETag', 'VaryAccept'),
);
