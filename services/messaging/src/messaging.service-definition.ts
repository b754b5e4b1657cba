import type { ServiceDefinition } from '@aero/common';
import { CreateMessagingSchema1763700000000 } from './migrations/1763700000000-create-messaging-schema.js';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  controllers: [],
  providers: [],
  entities: [],
  migrations: [CreateMessagingSchema1763700000000],
};
