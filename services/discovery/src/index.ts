export { discoveryService } from './discovery.service-definition.js';
