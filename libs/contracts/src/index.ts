export * from './errors.js';
export * from './subjects.js';
export * from './shared.js';
export * from './identity/identity.requests.js';
export * from './identity/account.view.js';
export * from './notifications/notification.view.js';
export * from './profiles/profile.requests.js';
export * from './discovery/discovery.requests.js';
