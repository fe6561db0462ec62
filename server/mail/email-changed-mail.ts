import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { escapeHtml, fill } from './mail-format';
import type { OutgoingMail } from './mailer';

/**
 * The notice to the OLD address when someone changes a person's login e-mail: whoever controls
 * the address controls the password reset, so the owner must learn of the change where they can
 * still read it. German first, then English, like the password-reset mail.
 */

export function emailChangedMail(input: {
  oldEmail: string;
  newEmail: string | null;
  name: string;
  actor: string;
  replyTo?: string;
}): OutgoingMail {
  const values = { name: input.name, actor: input.actor, oldEmail: input.oldEmail, newEmail: input.newEmail ?? '' };
  const paragraphs = [de.mail, en.mail].map((t) => [
    fill(t.emailChangedGreeting, values),
    fill(input.newEmail ? t.emailChangedBody : t.emailRemovedBody, values),
    t.emailChangedWarning,
  ]);
  return {
    to: input.oldEmail,
    subject: `${de.mail.emailChangedSubject} / ${en.mail.emailChangedSubject}`,
    text: paragraphs.map((p) => p.join('\n\n')).join('\n\n-----\n\n'),
    html: `<!doctype html><html><body>${paragraphs.map((p) => p.map((line) => `<p>${escapeHtml(line)}</p>`).join('')).join('<hr>')}</body></html>`,
    replyTo: input.replyTo,
  };
}
