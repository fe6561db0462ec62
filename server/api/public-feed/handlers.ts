import type { AppRouteHandler } from '../../http/context';
import { publicFeed } from '../../services/news/public-feed';
import type * as routes from './routes';

/** `{orgId}` answers JSON, `{orgId}.rss` RSS 2.0; an unchanged feed (If-None-Match) answers 304. */
export const feed: AppRouteHandler<typeof routes.feed> = async (c) => {
  const raw = c.req.valid('param').orgId;
  const rss = raw.endsWith('.rss');
  const orgId = Number(rss ? raw.slice(0, -4) : raw);
  const { etag, body } = await publicFeed(c.var.deps, orgId, c.req.valid('query').page, rss ? 'rss' : 'json', new URL(c.req.url).origin);
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=60' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  if (typeof body === 'string') return c.body(body, 200, { ...headers, 'Content-Type': 'application/rss+xml; charset=utf-8' });
  return c.json(body, 200, headers);
};
