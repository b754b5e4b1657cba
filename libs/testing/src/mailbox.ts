import { eventually } from './http-client.js';

interface MailSummary {
  id: string;
  to: string;
  subject: string;
}

/** Reads the newest mail to `to` from the gateway's dev mailbox (single-node mail adapter). */
export async function latestMail(baseUrl: string, to: string, match: RegExp, skip = new Set<string>()) {
  return eventually(
    async () => {
      const list = (await (await fetch(`${baseUrl}/dev/mailbox/messages`)).json()) as MailSummary[];
      const hit = list.find((m) => m.to.toLowerCase() === to.toLowerCase() && match.test(m.subject) && !skip.has(m.id));
      if (!hit) return undefined;
      return (await (await fetch(`${baseUrl}/dev/mailbox/messages/${hit.id}`)).json()) as { id: string; subject: string; text: string; html?: string };
    },
    15_000,
    `a mail to ${to}`,
  );
}

export async function verificationCode(baseUrl: string, to: string, skip?: Set<string>) {
  const mail = await latestMail(baseUrl, to, /verification code/, skip);
  skip?.add(mail.id);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

export async function resetToken(baseUrl: string, to: string) {
  const mail = await latestMail(baseUrl, to, /Reset your/);
  return { token: decodeURIComponent(/reset-password\?token=([^\s"&]+)/.exec(mail.text)![1]), link: /(http\S+reset-password\?token=\S+)/.exec(mail.text)![1] };
}
