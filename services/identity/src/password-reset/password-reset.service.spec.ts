import { Messages } from '@aero/contracts';
import type { Clock, UnitOfWork } from '@aero/common';
import type { JobQueue } from '@aero/ports';
import type { Account } from '../accounts/account.js';
import type { AccountRepository } from '../accounts/account.repository.js';
import { type PasswordHasher, sha256 } from '../accounts/secrets.js';
import { PasswordResetService } from './password-reset.service.js';

/** the service's time, far from the machine's, so a rule that read the machine's clock would show */
const clock: Clock = { now: () => new Date('2031-03-01T12:00:00Z') };

/** The reset use case with in-memory stand-ins: what it does before and after the token check. */
function setup(stored: Account | null) {
  const hashed: string[] = [];
  const saved: Account[] = [];
  const accounts = {
    findByResetTokenHash: async (hash: string) => (stored?.resetTokenHash === hash ? stored : null),
    findByResetTokenHashForUpdate: async (hash: string) => (stored?.resetTokenHash === hash ? stored : null),
    save: async (a: Account) => void saved.push(a),
  } as unknown as AccountRepository;
  const uow = { run: (work: (tx: { manager: unknown }) => Promise<unknown>) => work({ manager: {} }) } as unknown as UnitOfWork;
  const passwords = { hash: async (p: string) => (hashed.push(p), `hashed:${p}`), verify: async () => false } as unknown as PasswordHasher;
  const service = new PasswordResetService(accounts, uow, passwords, {} as JobQueue, clock);
  return { service, hashed, saved };
}

const accountWithToken = (token: string, expiresInMs: number) =>
  ({ id: 'a1', email: 'a@example.com', passwordHash: 'old', resetTokenHash: sha256(token), resetExpiresAt: new Date(clock.now().getTime() + expiresInMs) } as Account);

describe('PasswordResetService.reset', () => {
  it('refuses an unknown token without hashing the new password (no argon2 run for strangers)', async () => {
    const { service, hashed, saved } = setup(accountWithToken('the-real-token', 60_000));
    await expect(service.reset({ token: 'a-guessed-token', password: 'brand-new-pass' })).rejects.toThrow(Messages.resetLinkInvalid);
    expect(hashed).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('refuses an expired token without hashing', async () => {
    const { service, hashed } = setup(accountWithToken('old-token', -1));
    await expect(service.reset({ token: 'old-token', password: 'brand-new-pass' })).rejects.toThrow(Messages.resetLinkInvalid);
    expect(hashed).toEqual([]);
  });

  it('hashes and stores the new password for a live token, which then dies', async () => {
    const account = accountWithToken('live-token', 60_000);
    const { service, hashed } = setup(account);
    expect(await service.reset({ token: 'live-token', password: 'brand-new-pass' })).toEqual({ accountId: 'a1' });
    expect(hashed).toEqual(['brand-new-pass']);
    expect(account).toMatchObject({ passwordHash: 'hashed:brand-new-pass', resetTokenHash: null, resetExpiresAt: null, emailVerified: true });
  });
});
