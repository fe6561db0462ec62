import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback (random port) that keeps every message it receives. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

/** An SMTP reply refusing something, e.g. `{ code: 550, text: '5.1.1 Mailbox unknown' }`. */
export type SmtpRefusal = { code: number; text: string };

/**
 * `decide` may refuse a message before the server accepts it (as when the sending side dies in the
 * middle of the transfer: the message is not taken); it runs before the server answers.
 * `recipient` may refuse an address when it is named (RCPT TO), as a mail server does for a
 * mailbox it does not know (5xx) or cannot take now (4xx).
 */
export async function startSmtpSink(
  options: {
    port?: number;
    decide?: (mail: ReceivedMail) => 'accept' | 'refuse';
    recipient?: (address: string) => SmtpRefusal | undefined;
  } = {},
) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // no reverse DNS lookup of the client (127.0.0.1): without a resolver it stalls every connection
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.recipient?.(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (options.decide?.(mail) === 'refuse')
          return callback(Object.assign(new Error('connection lost during transfer'), { responseCode: 421 }));
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits until `count` messages arrived in total (the API sends after answering). */
  async function waitForMessages(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const until = Date.now() + timeoutMs;
    while (messages.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} mail(s), got ${messages.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return messages;
  }

  return {
    port,
    /** The Message-ID headers of the accepted messages, in order. */
    messageIds: () => messages.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1] ?? ''),
    messages,
    waitForMessages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
