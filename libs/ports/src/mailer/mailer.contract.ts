import type { Mailer } from './mailer.port.js';

/** A mail as the receiving side sees it (the SMTP server's parsed message, or the dev mailbox). */
export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerHarness {
  mailer: Mailer;
  /** every mail that has arrived so far, in arrival order */
  received(): Promise<ReceivedMail[]>;
  cleanup(): Promise<void>;
}

/** The one behaviour every `Mailer` adapter must show; run by each adapter's int-spec. */
export function mailerContract(name: string, make: () => Promise<MailerHarness>): void {
  describe(`Mailer contract: ${name}`, () => {
    let harness: MailerHarness;

    beforeEach(async () => {
      harness = await make();
    });
    afterEach(async () => {
      await harness?.cleanup();
    });

    it('delivers a mail with recipient, subject, text and HTML intact', async () => {
      const html = '<p>Your code is <strong>482913</strong>. Cleared for take-off ✈</p>';

      await harness.mailer.send({
        to: 'pilot@example.com',
        subject: 'Verify your email — Where Aviation Meets Romance ✈',
        text: 'Your code is 482913.\nIt expires in 15 minutes.',
        html,
      });

      const received = await harness.received();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        to: 'pilot@example.com',
        subject: 'Verify your email — Where Aviation Meets Romance ✈',
      });
      // MIME transports may end a part with a line break; the content itself must be unchanged.
      expect(received[0]!.html?.trim()).toBe(html);
      expect(received[0]!.text.trim()).toBe('Your code is 482913.\nIt expires in 15 minutes.');
      expect(received[0]!.from).toContain('no-reply@aeromatch.test');
    });

    it('sends a text-only mail without an HTML part', async () => {
      await harness.mailer.send({ to: 'crew@example.com', subject: 'Plain', text: 'Just text' });

      const [mail] = await harness.received();
      expect(mail?.text.trim()).toBe('Just text');
      expect(mail?.html).toBeUndefined();
    });

    it('gives every mail its own id and delivers each one', async () => {
      const first = await harness.mailer.send({ to: 'a@example.com', subject: 'First', text: '1', html: '<p>1</p>' });
      const second = await harness.mailer.send({ to: 'b@example.com', subject: 'Second', text: '2', html: '<p>2</p>' });

      expect(first.id).toBeTruthy();
      expect(second.id).not.toBe(first.id);
      const received = await harness.received();
      expect(received.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
        ['a@example.com', 'First'],
        ['b@example.com', 'Second'],
      ]);
    });
  });
}
