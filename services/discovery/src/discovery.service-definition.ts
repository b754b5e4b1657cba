import type { ServiceDefinition } from '@aero/common';
import { CreateDiscoverySchema1763700000000 } from './migrations/1763700000000-create-discovery-schema.js';

export const discoveryService: ServiceDefinition = {
  name: 'discovery',
  controllers: [],
  providers: [],
  entities: [],
  migrations: [CreateDiscoverySchema1763700000000],
};
