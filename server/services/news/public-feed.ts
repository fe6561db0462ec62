import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webAddressOrNull } from '@/lib/domain/web-address';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { rfc3339 } from '../timestamps';
import { rss2, xmlEscape } from './rss';
import { publicNews } from './news';
import { plainText, sanitizeRichText } from './sanitize';

/**
 * The public feed of an organisation's visible news for its website: JSON (paged) or RSS 2.0,
 * with an ETag over what the page shows, so a website polling it gets 304 until something changes.
 * Hidden articles never appear; nothing of the administration (who wrote it, files) is in it.
 */

export const PUBLIC_PAGE_SIZE = 20;

export async function publicFeed(deps: AppDeps, orgId: number, page: number, format: 'json' | 'rss', siteUrl: string) {
  const [org] = await deps.db
    .select({ id: organisations.id, name: organisations.name, homepage: organisations.homepage })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  const { rows, total, lastChange } = await publicNews(deps, orgId, page, PUBLIC_PAGE_SIZE);
  const etag = `W/"${createHash('sha256')
    .update(`${format}|${orgId}|${page}|${total}|${lastChange ?? ''}|${rows.map((r) => `${r.id}:${r.updatedAt}`).join(',')}`)
    .digest('base64url')
    .slice(0, 27)}"`;
  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    abstract: sanitizeRichText(r.abstract),
    content: sanitizeRichText(r.content),
    lang: r.lang,
    categories: r.categories,
    publishedAt: r.publishedAt ? rfc3339(r.publishedAt) : null,
    updatedAt: rfc3339(r.updatedAt),
  }));
  if (format === 'json') return { etag, body: { items, total } };
  // a homepage stored before web addresses were checked never becomes a link of the feed
  const home = webAddressOrNull(org.homepage) ?? siteUrl;
  const self = `${siteUrl}/api/v1/public/news/${orgId}.rss`;
  const body = rss2(
    {
      title: `${org.name}: News`,
      link: home,
      description: `News: ${org.name}`,
      language: 'de',
      copyright: org.name,
      self,
      lastBuildDate: lastChange ? new Date(lastChange) : null,
    },
    items.map((r) => {
      const title = plainText(r.title);
      return {
        // an item has a title (plain text: a reader shows it as text, never as markup)
        title: title || plainText(r.content).slice(0, 100) || `#${r.id}`,
        link: `${home}#news-${r.id}`,
        // stable whatever the homepage: where the feed comes from and the article's number
        guid: `${self}#news-${r.id}`,
        // a description is HTML to a reader: the plain text escaped, so "<3" stays text
        description: xmlEscape(plainText(r.abstract) || plainText(r.content).slice(0, 300)),
        content: r.content,
        pubDate: new Date(r.publishedAt ?? r.updatedAt),
        categories: r.categories,
      };
    }),
  );
  return { etag, body };
}
