import { type LoginReply, type LoginRequest, Messages, unauthorized } from '@aero/contracts';
import { RUNTIME, type ServiceRuntime, UnitOfWork } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { toAccountView } from '../accounts/account.mapper.js';
import { AccountRepository } from '../accounts/account.repository.js';
import { dummyPasswordHash, verifyPassword } from '../accounts/secrets.js';
import { VerificationCodes } from '../registration/verification-codes.js';

@Injectable()
export class LoginService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly codes: VerificationCodes,
    private readonly uow: UnitOfWork,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  /** Checks the credentials. An unverified account gets a fresh code and `requiresVerification`. */
  async login({ email, password }: LoginRequest): Promise<LoginReply> {
    const found = await this.accounts.findByEmail(email);
    const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!found || !valid) throw unauthorized(Messages.invalidCredentials, 'invalid_credentials');

    if (!found.emailVerified) {
      const code = await this.uow.run(async ({ manager }) => {
        const account = (await this.accounts.findByEmailForUpdate(email, manager))!;
        const issued = this.codes.issue(account);
        await this.accounts.save(account, manager);
        return issued;
      });
      await this.codes.mail(found.email, code);
      return { requiresVerification: true };
    }

    // ADMIN_EMAILS is the source of truth for admins: kept in step at every login
    const isAdmin = this.runtime.settings.adminEmails.includes(found.email);
    if (found.isAdmin !== isAdmin) {
      found.isAdmin = isAdmin;
      await this.accounts.save(found);
    }
    return { requiresVerification: false, account: toAccountView(found) };
  }
}
