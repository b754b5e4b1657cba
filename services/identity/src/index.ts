export { identityService } from './identity.service-definition.js';
