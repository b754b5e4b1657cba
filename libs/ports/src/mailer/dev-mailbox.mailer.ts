import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage, SentMail } from './mailer.port.js';

export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  /** ISO 8601 */
  date: string;
}

export interface StoredMail extends MailSummary {
  from: string;
  text: string;
  html?: string;
}

export interface DevMailboxOptions {
  /** folder holding one JSON file per mail, usually `<dataDir>/mailbox` */
  dir: string;
  from: string;
  /** where the one-line summary of each mail goes (default: console.info) */
  log?: (line: string) => void;
}

// `<13-digit ms>-<4-digit sequence>-<random>`: sorting ids sorts mails by time, and the random
// part keeps ids unguessable across restarts. Anything else is refused by `read`.
const ID = /^\d{13}-\d{4}-[0-9a-f]{8}$/;

/**
 * Single-node mail: nothing leaves the machine. Each mail is kept as JSON under `dir`, a summary
 * (never the body, which holds codes) goes to the log, and the gateway's /dev/mailbox lists them.
 */
export class DevMailbox implements Mailer {
  private lastMs = 0;
  private sequence = 0;

  constructor(private readonly options: DevMailboxOptions) {}

  async send(message: MailMessage): Promise<SentMail> {
    const now = Date.now();
    this.sequence = now === this.lastMs ? this.sequence + 1 : 0;
    this.lastMs = now;
    const id = `${String(now).padStart(13, '0')}-${String(this.sequence % 10_000).padStart(4, '0')}-${randomBytes(4).toString('hex')}`;
    const mail: StoredMail = {
      id,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      date: new Date(now).toISOString(),
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    };
    await mkdir(this.options.dir, { recursive: true });
    // Temporary file + rename: `list` never reads half a mail.
    const path = join(this.options.dir, `${id}.json`);
    await writeFile(`${path}.tmp`, JSON.stringify(mail, null, 2));
    await rename(`${path}.tmp`, path);
    (this.options.log ?? console.info)(`[dev-mailbox] mail ${id} to ${message.to}: ${JSON.stringify(message.subject)}`);
    return { id };
  }

  /** Newest first. */
  async list(): Promise<MailSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names
      .filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -5)))
      .map((name) => name.slice(0, -5))
      .sort()
      .reverse();
    const mails = await Promise.all(ids.map((id) => this.read(id)));
    return mails.filter((mail): mail is StoredMail => mail !== null).map(({ id, to, subject, date }) => ({ id, to, subject, date }));
  }

  /** null for an unknown or malformed id (ids come from URLs: no path tricks). */
  async read(id: string): Promise<StoredMail | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.options.dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
