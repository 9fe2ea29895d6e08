// The one table from domain errors to HTTP status and code (src/http/errors.ts), cause kept.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CredentialError, PoolBusyError, QueryError } from '../../src/contract/errors.ts';
import { HttpError, toHttpError } from '../../src/http/errors.ts';

test('maps each domain error to its status and code, keeping it as cause', () => {
  const cases: [Error, number, string, Record<string, string> | undefined][] = [
    [new QueryError('bad quote'), 400, 'INVALID_PARAMETER', undefined],
    [new CredentialError('expired'), 401, 'UNAUTHORIZED', { 'WWW-Authenticate': 'Bearer realm="sorrel"' }],
    [new PoolBusyError('full'), 503, 'UNAVAILABLE', { 'Retry-After': '1' }],
  ];
  for (const [err, status, code, headers] of cases) {
    const e = toHttpError(err);
    assert.equal([e.status, e.code, e.message, e.headers, e.cause], [status, code, err.message, headers, err]);
  }
  assert.is(toHttpError(new QueryError('x')).parameter, 'query');
});

test('an HttpError passes through; anything else is a 500 without its message', () => {
  const h = new HttpError(404, 'NOT_FOUND', 'No field with id 9.');
  assert.is(toHttpError(h), h);
  const e = toHttpError(new Error('secret internals'));
  assert.equal([e.status, e.code], [500, 'INTERNAL']);
  assert.not.match(e.message, /secret/);
  assert.equal(e.toJSON(), { status: 500, code: 'INTERNAL', message: e.message });
});

test.run();
