import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { DevMailbox } from '../src/mailer/dev-mailbox.mailer.js';
import { mailerContract, type ReceivedMail } from '../src/mailer/mailer.contract.js';
import { SmtpMailer } from '../src/mailer/smtp.mailer.js';

const FROM = 'AeroMatch <no-reply@aeromatch.test>';

mailerContract('DevMailbox', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'aero-mailbox-'));
  const mailbox = new DevMailbox({ dir, from: FROM, log: () => undefined });
  return {
    mailer: mailbox,
    // Read back the way /dev/mailbox does: the list, then each mail.
    received: async () => {
      const mails = await Promise.all((await mailbox.list()).map((summary) => mailbox.read(summary.id)));
      return mails.reverse().map((mail) => ({ to: mail!.to, from: mail!.from, subject: mail!.subject, text: mail!.text, html: mail!.html }));
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

mailerContract('SmtpMailer (against an in-process smtp-server)', async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Parse each message as a mail client would and keep what arrived.
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({
              to: email.to?.map((address) => ('address' in address ? address.address : '')).join(', ') ?? '',
              from: email.from && 'address' in email.from ? `${email.from.name} <${email.from.address}>` : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              ...(email.html === undefined ? {} : { html: email.html }),
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM });
  return {
    mailer,
    received: async () => received,
    cleanup: async () => {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
