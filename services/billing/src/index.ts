export { billingService } from './billing.service-definition.js';
