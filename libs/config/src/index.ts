export * from './settings.js';
export * from './local-services.js';
