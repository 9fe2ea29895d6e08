// GET /api/: the root document with links to the collections.
import pkg from '../../package.json' with { type: 'json' };
import type { Handler } from './types.ts';

/** Title, version and links (also sent as a Link header). */
export const getRoot: Handler = (ctx) => {
  const links = {
    self: { href: `${ctx.baseUrl}/api/`, rel: 'self' },
    concepts: { href: `${ctx.baseUrl}/api/concepts/`, rel: 'concepts' },
    fields: { href: `${ctx.baseUrl}/api/fields/`, rel: 'fields' },
    openapi: { href: `${ctx.baseUrl}/api/openapi.json`, rel: 'service-desc' },
  };
  return {
    body: { title: ctx.snapshot.title, version: pkg.version, _links: links },
    headers: { Link: Object.values(links).map((l) => `<${l.href}>; rel="${l.rel}"`).join(', ') },
  };
};
