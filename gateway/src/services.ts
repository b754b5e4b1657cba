import type { ServiceDefinition } from '@aero/common';
import { billingService } from '@aero/billing-service';
import { discoveryService } from '@aero/discovery-service';
import { identityService } from '@aero/identity-service';
import { messagingService } from '@aero/messaging-service';
import { notificationsService } from '@aero/notifications-service';
import { profilesService } from '@aero/profiles-service';

/** The six services, for single-node mode where they run inside the gateway's process. */
export const ALL_SERVICES: ServiceDefinition[] = [identityService, profilesService, discoveryService, messagingService, notificationsService, billingService];
