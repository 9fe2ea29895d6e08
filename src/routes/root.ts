// GET /api/: the root document with links to the collections.
import pkg from '../../package.json' with { type: 'json' };
import { defineRoute } from '../http/route.ts';
import { discloseEntity, toRule } from './disclose.ts';

/**
 * The Serrano API level Sorrel serves, reported as `version` because that is what the original
 * client compares: Cilantro 2.3 gates features on `isSupported(x)` (2.3.1 fetches all values of a
 * select list, 2.3.2 validates typed values by label, 2.2.0 and 2.3.6 show the workspace and
 * saved-query pages, 2.3.7 the query e-mail form), true only when x ≤ min(version, 2.3.12); in
 * debug mode it also warns unless `version` itself is within 2.0.16 … 2.3.12. 2.3.12 is the
 * newest Serrano 2.3 it declares (and the 2.3 catalog API did not change up to 2.3.14), so every
 * check passes and no warning shows. Sorrel's own release is `sorrel_version`.
 */
const SERRANO_API_VERSION = '2.3.12';

/** Title, version and links (also sent as a Link header). */
export const getRoot = defineRoute<null>({
  path: '/api',
  name: 'root',
  parse: () => ({ params: null, canonical: [] }),
  answer(ctx) {
    // The small-count rule (API.md §15), for the users it applies to: the entity count as shown, and k and r for the page.
    const rule = toRule(ctx);
    const entity = ctx.snapshot.entity;
    const links = {
      self: { href: `${ctx.baseUrl}/api/`, rel: 'self' },
      concepts: { href: `${ctx.baseUrl}/api/concepts/`, rel: 'concepts' },
      fields: { href: `${ctx.baseUrl}/api/fields/`, rel: 'fields' },
      openapi: { href: `${ctx.baseUrl}/api/openapi.json`, rel: 'service-desc' },
    };
    return {
      body: {
        title: ctx.snapshot.title,
        version: SERRANO_API_VERSION,
        sorrel_version: pkg.version,
        // With a root (API.md §12): what the counted entities are called, and how many there are.
        ...(entity ? { entity: rule ? discloseEntity(entity, rule) : entity } : {}),
        ...(rule ? { disclosure: { min_count: rule.minCount, round_to: rule.roundTo } } : {}),
        _links: links,
      },
      headers: {
        Link: Object.values(links)
          .map((l) => `<${l.href}>; rel="${l.rel}"`)
          .join(', '),
      },
    };
  },
});
