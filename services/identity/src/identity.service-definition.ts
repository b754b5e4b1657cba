import type { ServiceDefinition } from '@aero/common';
import { AccountController } from './accounts/account.controller.js';
import { AccountService } from './accounts/account.service.js';
import { DemoAccountsService } from './accounts/demo-accounts.service.js';
import { AccountEntity } from './accounts/account.orm-entity.js';
import { AccountRepository } from './accounts/account.repository.js';
import { PasswordHasher } from './accounts/secrets.js';
import { LoginController } from './login/login.controller.js';
import { LoginService } from './login/login.service.js';
import { AccountStanding } from './accounts/account-standing.js';
import { SendPasswordResetEmailJob } from './mail/send-password-reset-email.job.js';
import { SendVerificationEmailJob } from './mail/send-verification-email.job.js';
import { CreateAccounts1763700000000 } from './migrations/1763700000000-create-accounts.js';
import { DropAccountsIsAdmin1764000000000 } from './migrations/1764000000000-drop-accounts-is-admin.js';
import { AddAccountsDemo1764100000000 } from './migrations/1764100000000-add-accounts-demo.js';
import { AddAccountsRevision1764200000000 } from './migrations/1764200000000-add-accounts-revision.js';
import { AddAccountsSubscriptionMirror1764700000000 } from './migrations/1764700000000-add-accounts-subscription-mirror.js';
import { MirrorSubscriptionWhenBillingChangedHandler } from './events/mirror-subscription-when-billing-changed.handler.js';
import { PasswordResetController } from './password-reset/password-reset.controller.js';
import { PasswordResetService } from './password-reset/password-reset.service.js';
import { RegistrationController } from './registration/registration.controller.js';
import { RegistrationService } from './registration/registration.service.js';
import { VerificationCodes } from './registration/verification-codes.js';
import { CreateModeration1764800000100 } from './migrations/1764800000100-create-moderation.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { AddAccountsSignedUpAgain1766200000000 } from './migrations/1766200000000-add-accounts-signed-up-again.js';
import { AddModerationCaseEmail1766300000000 } from './migrations/1766300000000-add-moderation-case-email.js';
import { ForgetDecidedCaseData1766900000000 } from './migrations/1766900000000-forget-decided-case-data.js';
import { AddBannedEmailsUntil1767100000000 } from './migrations/1767100000000-add-banned-emails-until.js';
import { AuditLogRepository } from './moderation/audit-log.repository.js';
import { ModerationController } from './moderation/moderation.controller.js';
import { ModerationRepository } from './moderation/moderation.repository.js';
import { ModerationService } from './moderation/moderation.service.js';
import { RecordAuditWhenVerificationReviewedHandler } from './events/record-audit-when-verification-reviewed.handler.js';
import { ReportMemberWhenNudgesRepeatedHandler } from './events/report-member-when-nudges-repeated.handler.js';
import { ForgetReportsWhenAccountDeletedHandler } from './events/forget-reports-when-account-deleted.handler.js';

/** identity: accounts, credentials, verification, password reset, user type, deletion; reports, moderation cases, bans and the audit log. */
export const identityService: ServiceDefinition = {
  name: 'identity',
  controllers: [RegistrationController, LoginController, PasswordResetController, AccountController, ModerationController],
  providers: [AccountRepository, AccountStanding, PasswordHasher, VerificationCodes, RegistrationService, LoginService, PasswordResetService, AccountService, DemoAccountsService, ModerationRepository, AuditLogRepository, ModerationService],
  entities: [AccountEntity],
  migrations: [CreateAccounts1763700000000, DropAccountsIsAdmin1764000000000, AddAccountsDemo1764100000000, AddAccountsRevision1764200000000, AddAccountsSubscriptionMirror1764700000000, CreateModeration1764800000100, AddOutboxRequestId1765000000000, AddInboxProcessedAtIndex1765800000000, AddAccountsSignedUpAgain1766200000000, AddModerationCaseEmail1766300000000, ForgetDecidedCaseData1766900000000, AddBannedEmailsUntil1767100000000],
  eventHandlers: [MirrorSubscriptionWhenBillingChangedHandler, RecordAuditWhenVerificationReviewedHandler, ReportMemberWhenNudgesRepeatedHandler, ForgetReportsWhenAccountDeletedHandler],
  jobHandlers: [SendVerificationEmailJob, SendPasswordResetEmailJob],
};
