import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevMailbox } from './dev-mailbox.mailer.js';

describe('DevMailbox', () => {
  let dir: string;
  let lines: string[];
  let mailbox: DevMailbox;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aero-mailbox-unit-'));
    lines = [];
    mailbox = new DevMailbox({ dir: join(dir, 'mailbox'), from: 'AeroMatch <no-reply@aeromatch.test>', log: (line) => lines.push(line) });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists mails newest first with id, recipient, subject and date', async () => {
    const sent = [];
    for (const n of [1, 2, 3]) sent.push(await mailbox.send({ to: `u${n}@example.com`, subject: `Mail ${n}`, text: `${n}` }));

    const list = await mailbox.list();

    expect(list.map((mail) => mail.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
    expect(list[0]).toEqual({ id: sent[2]!.id, to: 'u3@example.com', subject: 'Mail 3', date: expect.any(String) });
    expect(Number.isNaN(Date.parse(list[0]!.date))).toBe(false);
  });

  it('reads a stored mail back in full', async () => {
    const { id } = await mailbox.send({ to: 'a@example.com', subject: 'Code', text: 'Your code is 123456', html: '<b>123456</b>' });

    expect(await mailbox.read(id)).toMatchObject({
      id,
      from: 'AeroMatch <no-reply@aeromatch.test>',
      to: 'a@example.com',
      subject: 'Code',
      text: 'Your code is 123456',
      html: '<b>123456</b>',
    });
  });

  it('logs one summary line per mail, without the body', async () => {
    const { id } = await mailbox.send({ to: 'a@example.com', subject: 'Reset your password', text: 'secret-token-xyz' });

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(id);
    expect(lines[0]).toContain('a@example.com');
    expect(lines[0]).toContain('Reset your password');
    expect(lines[0]).not.toContain('secret-token-xyz');
  });

  it('returns null for unknown or malformed ids instead of reading other files', async () => {
    await mailbox.send({ to: 'a@example.com', subject: 'x', text: 'x' });
    await writeFile(join(dir, 'secret.json'), JSON.stringify({ to: 'leak' }));

    expect(await mailbox.read('../secret')).toBeNull();
    expect(await mailbox.read('0000000000000-0000-00000000')).toBeNull();
    expect(await mailbox.read('')).toBeNull();
  });

  it('lists nothing before the first mail, and ignores foreign files', async () => {
    expect(await mailbox.list()).toEqual([]);

    await mailbox.send({ to: 'a@example.com', subject: 'only', text: 'x' });
    await writeFile(join(dir, 'mailbox', 'notes.json'), '{}');

    expect((await mailbox.list()).map((mail) => mail.subject)).toEqual(['only']);
    expect(await readdir(join(dir, 'mailbox'))).toHaveLength(2);
  });
});
