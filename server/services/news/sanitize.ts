import sanitizeHtml from 'sanitize-html';
import { EMBED_FRAME_TITLE, EMBED_HOSTS, isRichTextHref, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@/lib/domain/news/rich-text';

/** What every link of rich text carries. */
export const LINK_REL = 'noopener noreferrer';

/** The allow-list of lib/domain/news/rich-text.ts applied to HTML (sanitize-html). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    p: ['style'],
    li: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    div: ['style'],
    span: ['style'],
  },
  // indent and alignment only
  allowedStyles: {
    '*': {
      'margin-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'padding-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [...EMBED_HOSTS],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An embedded video without a name gets one: a frame must be announced by screen readers.
    iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, title: attribs.title?.trim() || EMBED_FRAME_TITLE } }),
    // Every link: rel="noopener noreferrer" (the opened page gets no handle on the reader's tab);
    // target only "_blank" (a named window could be one the opened page controls).
    a: (tagName, attribs) => {
      const { target, rel: _rel, href, ...rest } = attribs;
      void _rel;
      return {
        tagName,
        attribs: {
          ...rest,
          ...(href !== undefined && isRichTextHref(href) ? { href } : {}),
          ...(target?.trim().toLowerCase() === '_blank' ? { target: '_blank' } : {}),
          rel: LINK_REL,
        },
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

// Elements that separate words: their tags become a space in plain text, so "<p>Eins</p><p>Zwei</p>"
// reads "Eins Zwei" while "Bo<b>gen</b>" stays "Bogen".
const WORD_BREAKING = /<(?=\/?(?:p|br|div|h[1-6]|li|ul|ol|blockquote|table|thead|tbody|tr|td|th|figure|figcaption|hr|img|iframe)\b)/gi;

/**
 * Plain text of rich text (feeds, lists, the text part of mails): tags removed, block elements and
 * line breaks kept as word breaks, runs of white space made one space, entities decoded to the
 * characters they stand for.
 */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(WORD_BREAKING, ' <'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
