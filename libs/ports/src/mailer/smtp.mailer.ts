import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer.port.js';

export interface SmtpMailerOptions {
  /** `SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://mailpit:1025` */
  url: string;
  from: string;
}

/** Distributed mail: nodemailer over SMTP; text and HTML go as one multipart/alternative message. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = nodemailer.createTransport(options.url);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
    return { id: String(info.messageId) };
  }

  close(): void {
    this.transport.close();
  }
}
