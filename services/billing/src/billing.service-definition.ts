import type { ServiceDefinition } from '@aero/common';
import { CreateBillingSchema1763700000000 } from './migrations/1763700000000-create-billing-schema.js';

export const billingService: ServiceDefinition = {
  name: 'billing',
  controllers: [],
  providers: [],
  entities: [],
  migrations: [CreateBillingSchema1763700000000],
};
