/**
 * What a failed send says about the mail: the SMTP server's reason, and whether trying again can
 * help. A reply of class 5 to the recipient (RCPT TO, e.g. "550 mailbox unknown") or to the message
 * itself (DATA, e.g. "554 rejected as spam") refuses it for good: the delivery fails at once. A
 * reply of class 4 ("451 try again later"), a lost or refused connection, and a refusal of our own
 * login or sender address (AUTH, MAIL FROM: a fault of the mail set-up that an operator can fix,
 * hitting every mail alike) are temporary: the delivery is tried again later.
 */

const ABOUT_THE_MAIL = new Set(['RCPT TO', 'DATA']);

export type MailFailure = { permanent: boolean; reason: string };

export function mailFailureOf(err: unknown): MailFailure {
  const e = (err ?? {}) as { responseCode?: unknown; command?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : 0;
  const permanent = code >= 500 && code < 600 && typeof e.command === 'string' && ABOUT_THE_MAIL.has(e.command);
  // the server's own words where it answered ("550 5.1.1 <x@example.org>: mailbox unknown")
  const reason = typeof e.response === 'string' && e.response.trim() ? e.response.trim() : String(e.message ?? err);
  return { permanent, reason };
}
