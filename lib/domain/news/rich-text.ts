import { HIDDEN_CHARACTERS, isWebAddress } from '../web-address';

/**
 * What rich text (news abstract and content, message centre) may contain: the editor's toolbar
 * (headings, bold, italic, links, lists, indent, quote, table, media embed) and nothing else. The
 * server sanitises every rich-text field on write with these lists, so stored HTML is safe
 * wherever it is shown: no script, no event handlers, no `javascript:` links, embeds only from
 * these hosts.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'iframe',
  'figure',
  'figcaption',
  'hr',
  'span',
  'div',
] as const;

/** Embeds (iframes) only from these hosts: video platforms the federation uses. */
export const EMBED_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'] as const;

/** Every embedded frame is named, so a screen reader announces it (the same word in German and English). */
export const EMBED_FRAME_TITLE = 'Video';

/**
 * Where a link of rich text may lead: a web address (lib/domain/web-address.ts), an e-mail address
 * (`mailto:`), or a path of the same site; nothing else, and no hidden characters anywhere.
 */
export function isRichTextHref(href: string): boolean {
  if (isWebAddress(href)) return true;
  if (HIDDEN_CHARACTERS.test(href)) return false;
  return /^mailto:[^/\\]+@/i.test(href) || /^\/(?![/\\])/.test(href) || href.startsWith('#');
}

/** Link and image address schemes. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** A rich-text field's limit (characters of HTML). */
export const RICH_TEXT_MAX = 200_000;

/**
 * Rich text says something when it has visible text (not only spaces) or an image, an embed or a
 * table: a required rich-text field (the news content) is empty otherwise. The form asks it of the
 * editor's HTML, the API of what remains once unsafe markup is removed.
 */
export function hasRichTextContent(html: string): boolean {
  if (/<(img|iframe|table)\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
      .trim() !== ''
  );
}
