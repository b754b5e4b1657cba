/** the service's definition, by the name every service exports it under (the gateway loads it from the catalogue, SERVICE_NAMES) */
export { notificationsService as service } from './notifications.service-definition.js';
