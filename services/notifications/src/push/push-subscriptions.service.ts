import { SETTINGS, UnitOfWork } from '@aero/common';
import type { Settings } from '@aero/config';
import { badRequest, type EndPushSubscriptionsRequest, ErrorCodes, Messages, notFound, type RemovePushSubscriptionRequest, type SavePushSubscriptionRequest, ServerLimits } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { MemberDirectoryRepository } from '../notifications/member-directory.repository.js';
import { pushEndpointProblem } from './push-endpoint-policy.js';
import { PushSubscriptionRepository } from './push-subscription.repository.js';
import { VAPID_PUBLIC_KEY } from './push.providers.js';

/**
 * A member's browsers that get web push: saved, replaced, moved to whoever saves them last, removed
 * by their owner only, and ended with the sessions that saved them when the account's sessions are
 * ended (one who once had the password keeps no channel to the member's messages), the session
 * that saved them logs out, or it could have expired unused since (`expiresAt`).
 */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    private readonly subscriptions: PushSubscriptionRepository,
    private readonly directory: MemberDirectoryRepository,
    private readonly uow: UnitOfWork,
    @Inject(VAPID_PUBLIC_KEY) private readonly publicKey: string,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  vapidPublicKey(): { publicKey: string } {
    return { publicKey: this.publicKey };
  }

  /** the same endpoint saved again replaces its keys; saved by another member it becomes theirs (the browser changed hands) */
  async save({ userId, endpoint, keys, sessionTag, expiresAt }: SavePushSubscriptionRequest): Promise<{ success: true }> {
    if (pushEndpointProblem(endpoint, this.settings.pushAnyEndpoint)) throw badRequest('Invalid push subscription', ErrorCodes.invalidPushSubscription);
    await this.uow.run(async () => {
      // one still on its way when the account was deleted is not kept for nobody (the deletion holds the member alone)
      await this.directory.lockMembers([userId], 'shared');
      if ((await this.directory.departed([userId])).size) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      await this.subscriptions.save({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, sessionTag, expiresAt: new Date(expiresAt) });
      await this.subscriptions.trim(userId, ServerLimits.pushSubscriptionsPerMember);
    });
    return { success: true };
  }

  /** sessions of the account were ended: every subscription but the one of the session that stays, or the one of the session that logged out */
  async end({ userId, exceptSessionTag, sessionTag, savedBefore }: EndPushSubscriptionsRequest): Promise<{ success: true }> {
    if (sessionTag) await this.subscriptions.removeOfEndedSessions({ sessionTag }, new Date(savedBefore));
    else if (userId) await this.subscriptions.removeOfEndedSessions({ userId, exceptSessionTag: exceptSessionTag ?? null }, new Date(savedBefore));
    else throw badRequest('A member or a session is required', ErrorCodes.invalidRequest);
    return { success: true };
  }

  /** the member's own only: another member's endpoint is as unknown as a missing one */
  async remove({ userId, endpoint }: RemovePushSubscriptionRequest): Promise<{ success: true }> {
    if (!(await this.subscriptions.removeOwn(userId, endpoint))) throw notFound('Push subscription not found', ErrorCodes.pushSubscriptionNotFound);
    return { success: true };
  }
}
