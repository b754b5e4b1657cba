/** the service's definition, by the name every service exports it under (the gateway loads it from the catalogue, SERVICE_NAMES) */
export { discoveryService as service } from './discovery.service-definition.js';
