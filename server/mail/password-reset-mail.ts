import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { escapeHtml, fill } from './mail-format';
import type { OutgoingMail } from './mailer';

/**
 * The password-reset mail. We do not know which language the requester reads, so the message
 * carries both: German first (the product's primary language), then English. Texts come from
 * the `mail` namespace of messages/*.json like every other visible text.
 */

type MailTexts = (typeof de)['mail'];

export function passwordResetMail(input: { to: string; name: string; link: string; minutes: number; replyTo?: string }): OutgoingMail {
  const languages: MailTexts[] = [de.mail, en.mail];
  const values = { name: input.name, minutes: input.minutes };
  const text = languages
    .map((t) => [fill(t.resetGreeting, values), '', fill(t.resetBody, values), '', input.link, '', t.resetIgnore].join('\n'))
    .join('\n\n-----\n\n');
  const html = languages
    .map(
      (t) =>
        `<p>${escapeHtml(fill(t.resetGreeting, values))}</p>` +
        `<p>${escapeHtml(fill(t.resetBody, values))}</p>` +
        `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
        `<p>${escapeHtml(t.resetIgnore)}</p>`,
    )
    .join('<hr>');
  return {
    to: input.to,
    subject: `${de.mail.resetSubject} / ${en.mail.resetSubject}`,
    text,
    html: `<!doctype html><html><body>${html}</body></html>`,
    replyTo: input.replyTo,
  };
}
