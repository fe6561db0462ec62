import de from '@/messages/de.json';
import en from '@/messages/en.json';
import type { Env } from '../env';
import { plainText, sanitizeRichText } from '../services/news/sanitize';
import { escapeHtml, fill } from './mail-format';
import type { MailAttachment, OutgoingMail } from './mailer';

/**
 * The e-mail of a message-centre message: the sanitised content as HTML (and as plain text), in the
 * message's language, carrying the message's files, with a footer naming the sender and linking the recipient's inbox. The
 * Message-ID is the delivery's idempotency key, so a repeat after a crash is the same message.
 */

type Delivery = {
  idempotency_key: string;
  notification_id: number;
  title: string;
  body: string;
  content: string | null;
  reply_to: string | null;
  lang: string | null;
  org_name: string;
};

export function messageMail(
  env: Pick<Env, 'mailFrom' | 'adminPublicUrl'>,
  d: Delivery,
  to: string,
  attachments: MailAttachment[] = [],
): OutgoingMail {
  const texts = d.lang === 'en' ? en.mail : de.mail;
  const link = `${env.adminPublicUrl}/inbox?open=${d.notification_id}`;
  const footer = fill(texts.messageFooter, { org: d.org_name, link });
  const domain = /@([^>\s]+)/.exec(env.mailFrom)?.[1] ?? 'localhost';
  const content = d.content ? sanitizeRichText(d.content) : `<p>${escapeHtml(d.body)}</p>`;
  return {
    to,
    subject: d.title,
    html: `${content}<hr><p style="color:#666;font-size:12px">${escapeHtml(fill(texts.messageFooter, { org: d.org_name, link: '' }))}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    text: `${plainText(content)}\n\n-- \n${footer}`,
    replyTo: d.reply_to ?? undefined,
    messageId: `<${d.idempotency_key}@${domain}>`,
    ...(attachments.length ? { attachments } : {}),
  };
}
