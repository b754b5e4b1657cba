import type { ServiceDefinition } from '@aero/common';
import { CreateProfilesSchema1763700000000 } from './migrations/1763700000000-create-profiles-schema.js';

export const profilesService: ServiceDefinition = {
  name: 'profiles',
  controllers: [],
  providers: [],
  entities: [],
  migrations: [CreateProfilesSchema1763700000000],
};
