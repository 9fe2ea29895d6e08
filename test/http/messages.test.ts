// The server's request and response classes (src/http/messages.ts): the app adds no field to either after Node builds them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiIncomingMessage, ApiServerResponse } from '../../src/http/messages.ts';
import type { Running } from '../../src/serve/server.ts';
import { startTestServer } from '../helpers/server.ts';

const t = suite('request and response classes');
let s: Running;
t.before(async () => {
  s = await startTestServer();
});
t.after(async () => {
  await s.close();
});

type Seen = { req: IncomingMessage; res: ServerResponse; at: { req: string[]; res: string[] } };

/** Answers `paths` on `server` (already listening at `url`), and the own keys of each request and response as the server got them and once answered. */
async function watch(server: ReturnType<typeof createServer>, url: string, paths: string[]) {
  const seen: Seen[] = [];
  // Runs before the server's own listener: the objects as Node built them.
  server.prependListener('request', (req, res) => {
    seen.push({ req, res, at: { req: Object.keys(req), res: Object.keys(res) } });
  });
  for (const path of paths) await (await fetch(url + path)).arrayBuffer();
  return seen.map(({ req, res, at }) => ({
    added: {
      req: Object.keys(req).filter((k) => !at.req.includes(k)),
      res: Object.keys(res).filter((k) => !at.res.includes(k)),
    },
    req,
    res,
  }));
}

const PATHS = ['/api/fields/1/', '/api/fields/1/', '/api/fields/1/values/', '/api/nothing/', '/api/concepts/?sort=x'];

t('requests and responses are built with every field the app sets: none is added while answering', async () => {
  // Node itself adds some fields while answering (a bare server shows which): those aside, the app adds none.
  const bare = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const byNode = (await watch(bare, bareUrl, ['/a']))[0].added;
  bare.close();
  const seen = await watch(s.server, s.url, PATHS);
  assert.is(seen.length, PATHS.length);
  for (const { added, req, res } of seen) {
    assert.ok(req instanceof ApiIncomingMessage);
    assert.ok(res instanceof ApiServerResponse);
    assert.equal(
      added.req.filter((k) => !byNode.req.includes(k)),
      [],
      `request fields added: ${added.req}`,
    );
    assert.equal(
      added.res.filter((k) => !byNode.res.includes(k)),
      [],
      `response fields added: ${added.res}`,
    );
  }
  // What the app set is there: the loop's fields, the route, and the time the metric reads.
  const hit = seen[1];
  assert.is((hit.req as ApiIncomingMessage).path, '/api/fields/1/');
  assert.is((hit.req as ApiIncomingMessage).route, 'field');
  assert.ok((hit.res as ApiServerResponse).startedAt > 0);
});

t.run();
