// Polka's route lookup memo (src/http/route-memo.ts): the same handlers and params as Polka's own lookup, never shared.
import polka from 'polka';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoizeRoutes } from '../../src/http/route-memo.ts';

type Found = { params: Record<string, string>; handlers: unknown[] };
type Finder = { find(method: string, url: string): Found };

const build = () => {
  const app = polka();
  app.use(() => {});
  app.get('/api/fields/:id', () => {});
  app.get('/api/fields/:id/values', () => {});
  app.post('/api/fields/:id/values', () => {});
  app.get('/assets/:name', () => {});
  return app;
};

test('finds what Polka finds for every method and path, twice', () => {
  const plain = build() as unknown as Finder;
  const memo = build();
  memoizeRoutes(memo as never);
  const finder = memo as unknown as Finder;
  const paths = ['/api/fields/1', '/api/fields/1/values', '/api/fields/x%20y/values', '/assets/a.js', '/nope', '/'];
  for (let round = 0; round < 2; round++)
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE'])
      for (const path of paths) {
        const a = plain.find(method, path),
          b = finder.find(method, path);
        assert.equal(b.params, a.params, `${method} ${path} params`);
        assert.is(b.handlers.length, a.handlers.length, `${method} ${path} handlers`);
      }
});

test('gives each request its own params object', () => {
  const app = build();
  memoizeRoutes(app as never);
  const finder = app as unknown as Finder;
  const first = finder.find('GET', '/api/fields/7');
  first.params.id = 'changed'; // Polka decodes params in place
  assert.is(finder.find('GET', '/api/fields/7').params.id, '7');
});

test.run();
