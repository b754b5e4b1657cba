export { profilesService } from './profiles.service-definition.js';
