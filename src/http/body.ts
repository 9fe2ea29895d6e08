// Reading a JSON request body: JSON media type (415), a size limit (413), valid JSON (400).
import type { IncomingMessage } from 'node:http';
import { toEcho, toEchoText } from '../common/echo.ts';
import { toNestingDepth } from '../common/nesting.ts';
import { HttpError, badBody } from './errors.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
// Deeper than any body an endpoint takes (an array of objects of scalars, with echoed extra keys):
// refused before parsing, so nothing that walks the parsed body (the JSON writer included) can
// overflow the stack.
const MAX_DEPTH = 32;

/**
 * The parsed JSON body of a request. The type must be `application/json` (or `…+json`); JSON is
 * UTF-8 (RFC 8259), so a charset parameter is ignored. A body over `maxBytes` is refused as soon
 * as its Content-Length (or its bytes so far) say so; the rest is drained unread and the
 * connection closed after the answer.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!JSON_TYPE.test(type)) {
    const got = type ? `Content-Type ${toEcho(type)}` : 'no Content-Type';
    return Promise.reject(
      new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `The body must be JSON sent with Content-Type: application/json; got ${got}.`,
      ),
    );
  }
  const tooLarge = (bytes: string) => {
    req.resume(); // drain the rest unread
    return new HttpError(
      413,
      'BODY_TOO_LARGE',
      `The body is ${bytes} bytes; the limit is ${maxBytes}. Send fewer values per request.`,
      { headers: { Connection: 'close' } },
    );
  };
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge(String(declared)));

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      reject(tooLarge(`more than ${maxBytes}`));
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return reject(badBody('The body is empty; this request takes a JSON body.'));
      const depth = toNestingDepth(text);
      if (depth > MAX_DEPTH)
        return reject(badBody(`The body is nested ${depth} brackets deep; the limit is ${MAX_DEPTH}.`));
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(badBody(`The body is not valid JSON: ${toEchoText((err as Error).message, 160)}.`));
      }
    };
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}
