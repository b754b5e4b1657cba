/** the service's definition, by the name every service exports it under (the gateway loads it from the catalogue, SERVICE_NAMES) */
export { profilesService as service } from './profiles.service-definition.js';
