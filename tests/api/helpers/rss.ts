import { xml2js, type Element } from 'xml-js';

/**
 * Parses an RSS document with a strict XML parser (throws on anything not well-formed) and checks
 * it against the RSS 2.0 rules (https://www.rssboard.org/rss-specification). Returns the problems
 * found (empty when valid) and the items as plain records.
 */

export interface ParsedItem {
  title?: string;
  description?: string;
  link?: string;
  guid?: string;
  guidIsPermaLink?: string;
  pubDate?: string;
}

const children = (e: Element | undefined, name?: string) =>
  (e?.elements ?? []).filter((c) => c.type === 'element' && (name === undefined || c.name === name));
const textOf = (e: Element | undefined): string | undefined =>
  e === undefined
    ? undefined
    : (e.elements ?? []).map((c) => (c.type === 'text' ? String(c.text) : c.type === 'cdata' ? String(c.cdata) : '')).join('');
const isHttpUrl = (s: string | undefined) => s !== undefined && /^https?:\/\/[^\s/]+/.test(s) && URL.canParse(s);

export function validateRss(xml: string): { problems: string[]; items: ParsedItem[]; channel: Record<string, string | undefined> } {
  const doc = xml2js(xml, { compact: false }) as Element;
  const problems: string[] = [];
  const [rss] = children(doc, 'rss');
  if (!rss) return { problems: ['no <rss> root'], items: [], channel: {} };
  if (rss.attributes?.version !== '2.0') problems.push(`rss version ${rss.attributes?.version}`);
  const channels = children(rss, 'channel');
  if (channels.length !== 1) problems.push(`${channels.length} channels`);
  const channelEl = channels[0];
  const channel = Object.fromEntries(
    ['title', 'link', 'description', 'language', 'lastBuildDate'].map((n) => [n, textOf(children(channelEl, n)[0])]),
  );
  for (const n of ['title', 'link', 'description']) if (!channel[n]?.trim()) problems.push(`channel without ${n}`);
  if (!isHttpUrl(channel.link)) problems.push(`channel link ${channel.link}`);
  if (channel.lastBuildDate !== undefined && Number.isNaN(Date.parse(channel.lastBuildDate)))
    problems.push(`lastBuildDate ${channel.lastBuildDate}`);
  const guids = new Set<string>();
  const items = children(channelEl, 'item').map((item, i): ParsedItem => {
    const guidEl = children(item, 'guid')[0];
    const parsed: ParsedItem = {
      title: textOf(children(item, 'title')[0]),
      description: textOf(children(item, 'description')[0]),
      link: textOf(children(item, 'link')[0]),
      guid: textOf(guidEl),
      guidIsPermaLink: guidEl?.attributes?.isPermaLink as string | undefined,
      pubDate: textOf(children(item, 'pubDate')[0]),
    };
    const at = `item ${i} (${parsed.title})`;
    if (!parsed.title?.trim() && !parsed.description?.trim()) problems.push(`${at}: neither title nor description`);
    if (parsed.title !== undefined && /<\/?[a-z][^>]*>/i.test(parsed.title)) problems.push(`${at}: markup in the title`);
    if (parsed.link !== undefined && !isHttpUrl(parsed.link)) problems.push(`${at}: link ${parsed.link}`);
    if (parsed.guid !== undefined) {
      if (parsed.guidIsPermaLink !== undefined && !['true', 'false'].includes(parsed.guidIsPermaLink))
        problems.push(`${at}: isPermaLink=${parsed.guidIsPermaLink}`);
      // isPermaLink defaults to true: then the guid must be an address that opens the item
      if (parsed.guidIsPermaLink !== 'false' && !isHttpUrl(parsed.guid))
        problems.push(`${at}: guid ${parsed.guid} is a permalink but no URL`);
      if (guids.has(parsed.guid)) problems.push(`${at}: guid ${parsed.guid} repeated`);
      guids.add(parsed.guid);
    }
    if (parsed.pubDate !== undefined && Number.isNaN(Date.parse(parsed.pubDate))) problems.push(`${at}: pubDate ${parsed.pubDate}`);
    return parsed;
  });
  const texts: string[] = [];
  const walk = (e: Element) => {
    if (e.type === 'text') texts.push(String(e.text));
    if (e.type === 'cdata') texts.push(String(e.cdata));
    for (const a of Object.values(e.attributes ?? {})) texts.push(String(a));
    (e.elements ?? []).forEach(walk);
  };
  walk(rss);
  for (const t of texts) if (/\bundefined\b|\bnull\b|\[object Object\]/.test(t)) problems.push(`"${t.slice(0, 60)}" in the feed`);
  return { problems, items, channel };
}
