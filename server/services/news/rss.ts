/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification) of an organisation's public news, written
 * so that it validates: the channel has its required title, link and description; every item has a
 * title (plain text, never markup) and a description; an item's guid is a stable identifier marked
 * isPermaLink="false" (the website showing the article decides its address, and that may move);
 * text is XML-escaped, never left raw or wrapped in CDATA (an article may itself contain "]]>").
 */

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  language: string;
  copyright: string;
  /** Address of this feed (atom:link rel="self"). */
  self: string;
  lastBuildDate: Date | null;
}

export interface RssItem {
  /** Plain text. */
  title: string;
  link: string;
  /** Stable identifier, unique across feeds (not an address). */
  guid: string;
  /** Plain text. */
  description: string;
  /** Sanitised HTML. */
  content: string;
  pubDate: Date;
  categories: string[];
}

// characters XML 1.0 does not allow at all (a control character pasted into a title)
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const element = (name: string, text: string) => `<${name}>${xmlEscape(text)}</${name}>`;

export function rss2(channel: RssChannel, items: RssItem[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    element('copyright', channel.copyright),
    `<atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(channel.lastBuildDate ? [element('lastBuildDate', channel.lastBuildDate.toUTCString())] : []),
    element('docs', 'https://www.rssboard.org/rss-specification'),
  ];
  for (const item of items) {
    lines.push(
      '<item>',
      element('title', item.title),
      element('link', item.link),
      `<guid isPermaLink="false">${xmlEscape(item.guid)}</guid>`,
      element('pubDate', item.pubDate.toUTCString()),
      element('description', item.description),
      ...(item.content ? [element('content:encoded', item.content)] : []),
      ...item.categories.map((name) => element('category', name)),
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>');
  return lines.join('\n');
}
