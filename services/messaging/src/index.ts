export { messagingService } from './messaging.service-definition.js';
