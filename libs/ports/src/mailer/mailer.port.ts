export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** sent as the HTML alternative of a multipart message when present */
  html?: string;
}

export interface SentMail {
  /** adapter's id: the dev mailbox id, or the SMTP Message-ID */
  id: string;
}

/**
 * The mail port (verification codes, password resets). Adapters: `DevMailbox` (stored and
 * logged, readable at /dev/mailbox) and `SmtpMailer` (`SMTP_URL`).
 */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
