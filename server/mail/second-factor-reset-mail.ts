import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { escapeHtml, fill } from './mail-format';
import type { OutgoingMail } from './mailer';

/**
 * The notice to a person whose second factor the federation reset: they learn of it even when
 * they did not ask for it. German first, then English, like the other account mails.
 */
export function secondFactorResetMail(input: { to: string; name: string; actor: string; replyTo?: string }): OutgoingMail {
  const values = { name: input.name, actor: input.actor };
  const paragraphs = [de.twoFactor, en.twoFactor].map((t) => [
    fill(t.mailResetGreeting, values),
    fill(t.mailResetBody, values),
    t.mailResetWarning,
  ]);
  return {
    to: input.to,
    subject: `${de.twoFactor.mailResetSubject} / ${en.twoFactor.mailResetSubject}`,
    text: paragraphs.map((p) => p.join('\n\n')).join('\n\n-----\n\n'),
    html: `<!doctype html><html><body>${paragraphs.map((p) => p.map((line) => `<p>${escapeHtml(line)}</p>`).join('')).join('<hr>')}</body></html>`,
    replyTo: input.replyTo,
  };
}
