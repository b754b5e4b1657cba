import type { ServiceDefinition } from '@aero/common';
import { ForgetMatchWhenMatchEndedHandler } from './events/forget-match-when-match-ended.handler.js';
import { ForgetPairWhenMemberBlockedHandler } from './events/forget-pair-when-member-blocked.handler.js';
import { ForgetUserWhenAccountDeletedHandler } from './events/forget-user-when-account-deleted.handler.js';
import { ForgetMemberWhenAccountRestrictedHandler } from './events/forget-member-when-account-restricted.handler.js';
import { WarnMemberWhenModeratorWarnedHandler } from './events/warn-member-when-moderator-warned.handler.js';
import { NotifyMemberWhenLikedHandler } from './events/notify-member-when-liked.handler.js';
import { NotifyMembersWhenMatchedHandler } from './events/notify-members-when-matched.handler.js';
import { NotifyRecipientWhenMessageSentHandler } from './events/notify-recipient-when-message-sent.handler.js';
import { NotifyUserWhenVerificationApprovedHandler } from './events/notify-user-when-verification-approved.handler.js';
import { QueueWebPushWhenNotificationCreatedHandler } from './events/queue-web-push-when-notification-created.handler.js';
import { NotifyUserWhenVerificationRejectedHandler } from './events/notify-user-when-verification-rejected.handler.js';
import { RememberNameWhenProfileChangedHandler } from './events/remember-name-when-profile-changed.handler.js';
import { WelcomeUserWhenAccountTypeSetHandler } from './events/welcome-user-when-account-type-set.handler.js';
import { CreateNotifications1763700000000 } from './migrations/1763700000000-create-notifications.js';
import { AddMemberNamesAndBlocks1764400000000 } from './migrations/1764400000000-add-member-names-and-blocks.js';
import { AddPushSubscriptions1764600000000 } from './migrations/1764600000000-add-push-subscriptions.js';
import { AddOutboxRequestId1765000000000 } from './migrations/1765000000000-add-outbox-request-id.js';
import { AddNotificationOrder1765200000000 } from './migrations/1765200000000-add-notification-order.js';
import { AddDepartedMembers1765300000000 } from './migrations/1765300000000-add-departed-members.js';
import { AddWithdrawnLikes1765400000000 } from './migrations/1765400000000-add-withdrawn-likes.js';
import { AddNotificationSenderIndex1765500000000 } from './migrations/1765500000000-add-notification-sender-index.js';
import { AddPushSubscriptionSession1765600000000 } from './migrations/1765600000000-add-push-subscription-session.js';
import { AddEndedMatches1765700000000 } from './migrations/1765700000000-add-ended-matches.js';
import { AddInboxProcessedAtIndex1765800000000 } from './migrations/1765800000000-add-inbox-processed-at-index.js';
import { AddWelcomedMembers1765910000000 } from './migrations/1765910000000-add-welcomed-members.js';
import { AddPushSubscriptionExpiry1767200000000 } from './migrations/1767200000000-add-push-subscription-expiry.js';
import { AddPushSubscriptionSessionIndex1765920000000 } from './migrations/1765920000000-add-push-subscription-session-index.js';
import { MarkMatchedLikes1765930000000 } from './migrations/1765930000000-mark-matched-likes.js';
import { ForgetLikesOfEndedMatches1766300000000 } from './migrations/1766300000000-forget-likes-of-ended-matches.js';
import { AddOpenedMatches1766400000000 } from './migrations/1766400000000-add-opened-matches.js';
import { AddConversationReads1766500000000 } from './migrations/1766500000000-add-conversation-reads.js';
import { OrderBlocks1766600000000 } from './migrations/1766600000000-order-blocks.js';
import { MemberDirectoryRepository } from './notifications/member-directory.repository.js';
import { NotificationEntity } from './notifications/notification.orm-entity.js';
import { NotificationRepository } from './notifications/notification.repository.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { ExpiredPushSubscriptionsSweeper } from './push/expired-push-subscriptions.sweeper.js';
import { PushSubscriptionRepository } from './push/push-subscription.repository.js';
import { PushSubscriptionsController } from './push/push-subscriptions.controller.js';
import { PushSubscriptionsService } from './push/push-subscriptions.service.js';
import { pushProviders } from './push/push.providers.js';
import { SendWebPushJob } from './push/send-web-push.job.js';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  controllers: [NotificationsController, PushSubscriptionsController],
  providers: [NotificationRepository, MemberDirectoryRepository, NotificationsService, PushSubscriptionRepository, PushSubscriptionsService, ExpiredPushSubscriptionsSweeper, ...pushProviders],
  entities: [NotificationEntity],
  migrations: [CreateNotifications1763700000000, AddMemberNamesAndBlocks1764400000000, AddPushSubscriptions1764600000000, AddOutboxRequestId1765000000000, AddNotificationOrder1765200000000, AddDepartedMembers1765300000000, AddWithdrawnLikes1765400000000, AddNotificationSenderIndex1765500000000, AddPushSubscriptionSession1765600000000, AddEndedMatches1765700000000, AddInboxProcessedAtIndex1765800000000, AddWelcomedMembers1765910000000, AddPushSubscriptionSessionIndex1765920000000, MarkMatchedLikes1765930000000, ForgetLikesOfEndedMatches1766300000000, AddOpenedMatches1766400000000, AddConversationReads1766500000000, OrderBlocks1766600000000, AddPushSubscriptionExpiry1767200000000],
  eventHandlers: [WelcomeUserWhenAccountTypeSetHandler, ForgetUserWhenAccountDeletedHandler, NotifyUserWhenVerificationApprovedHandler, NotifyUserWhenVerificationRejectedHandler, NotifyMemberWhenLikedHandler, NotifyMembersWhenMatchedHandler, NotifyRecipientWhenMessageSentHandler, RememberNameWhenProfileChangedHandler, ForgetPairWhenMemberBlockedHandler, ForgetMatchWhenMatchEndedHandler, QueueWebPushWhenNotificationCreatedHandler, ForgetMemberWhenAccountRestrictedHandler, WarnMemberWhenModeratorWarnedHandler],
  jobHandlers: [SendWebPushJob],
};
