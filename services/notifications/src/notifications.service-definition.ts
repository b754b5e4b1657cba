import type { ServiceDefinition } from '@aero/common';
import { ForgetUserWhenAccountDeletedHandler } from './events/forget-user-when-account-deleted.handler.js';
import { NotifyMemberWhenLikedHandler } from './events/notify-member-when-liked.handler.js';
import { NotifyMembersWhenMatchedHandler } from './events/notify-members-when-matched.handler.js';
import { NotifyUserWhenVerificationApprovedHandler } from './events/notify-user-when-verification-approved.handler.js';
import { NotifyUserWhenVerificationRejectedHandler } from './events/notify-user-when-verification-rejected.handler.js';
import { WelcomeUserWhenAccountTypeSetHandler } from './events/welcome-user-when-account-type-set.handler.js';
import { CreateNotifications1763700000000 } from './migrations/1763700000000-create-notifications.js';
import { NotificationEntity } from './notifications/notification.orm-entity.js';
import { NotificationRepository } from './notifications/notification.repository.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsService } from './notifications/notifications.service.js';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  controllers: [NotificationsController],
  providers: [NotificationRepository, NotificationsService],
  entities: [NotificationEntity],
  migrations: [CreateNotifications1763700000000],
  eventHandlers: [WelcomeUserWhenAccountTypeSetHandler, ForgetUserWhenAccountDeletedHandler, NotifyUserWhenVerificationApprovedHandler, NotifyUserWhenVerificationRejectedHandler, NotifyMemberWhenLikedHandler, NotifyMembersWhenMatchedHandler],
};
