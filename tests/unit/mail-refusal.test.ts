/** @jest-environment node */
import { mailFailureOf } from '@/server/mail/mail-refusal';

/**
 * Whether a failed send is tried again: a 5xx refusal of the recipient or of the message is final;
 * 4xx, a lost connection and a refusal of our own login or sender address (the same for every mail,
 * fixed by the operator) are retried. The reason is the server's own reply where there is one.
 */

const smtpError = (message: string, response: string | undefined, command: string, code = 'EENVELOPE') =>
  Object.assign(new Error(response ? `${message}: ${response}` : message), {
    code,
    command,
    ...(response ? { response, responseCode: Number(response.slice(0, 3)) } : {}),
  });

it.each([
  [
    'a recipient refused for good',
    smtpError("Can't send mail - all recipients were rejected", '550 5.1.1 Mailbox unknown', 'RCPT TO'),
    true,
    '550 5.1.1 Mailbox unknown',
  ],
  [
    'a message refused for good',
    smtpError('Message failed', '554 5.7.1 Rejected as spam', 'DATA', 'EMESSAGE'),
    true,
    '554 5.7.1 Rejected as spam',
  ],
  [
    'a recipient not taken just now',
    smtpError("Can't send mail - all recipients were rejected", '451 4.3.0 Try again later', 'RCPT TO'),
    false,
    '451 4.3.0 Try again later',
  ],
  [
    'our login refused',
    smtpError('Invalid login', '535 5.7.8 Authentication failed', 'AUTH PLAIN', 'EAUTH'),
    false,
    '535 5.7.8 Authentication failed',
  ],
  [
    'our sender address refused',
    smtpError('Mail command failed', '550 5.7.1 Sender not allowed', 'MAIL FROM'),
    false,
    '550 5.7.1 Sender not allowed',
  ],
  [
    'a lost connection',
    smtpError('Connection closed unexpectedly', undefined, 'CONN', 'ECONNECTION'),
    false,
    'Connection closed unexpectedly',
  ],
  [
    'a refused connection',
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', command: 'CONN' }),
    false,
    'connect ECONNREFUSED 127.0.0.1:25',
  ],
])('%s', (_what, err, permanent, reason) => {
  expect(mailFailureOf(err)).toEqual({ permanent, reason });
});
