import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Without SMTP settings the API writes each mail as an .eml file under DATA_DIR/mail (the
 * newcomer's path). The browser tests read the newest one addressed to `to`.
 */
const MAIL_DIR = path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e', 'mail');

export function mailFiles(): string[] {
  try {
    return readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(MAIL_DIR, f));
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The reset link of the newest mail to `to`, waiting up to `timeoutMs` for it. */
export async function waitForResetLink(to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = mailFiles()
      .filter((f) => statSync(f).mtimeMs >= since)
      .map((f) => readFileSync(f, 'utf8'))
      .filter((raw) => raw.toLowerCase().includes(to.toLowerCase()));
    for (const raw of fresh.reverse()) {
      const text = decodeQuotedPrintable(raw);
      const link = /https?:\/\/[^\s"<>]+\/repair-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no reset mail to ${to} arrived`);
}
