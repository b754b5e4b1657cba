// The browser-safe part of the contracts (no decorators, no Node): the spec's limits, option
// lists and texts, imported by the web app as `@aero/contracts/shared` and by the server through
// the package index. One definition for both sides.
export * from './error-codes.js';
export * from './limits.js';
export * from './messages.js';
export * from './options.js';
export * from './photos.js';
export * from './profiles/profile.view.js';
export type * from './identity/account.view.js';
export * from './discovery/discovery.view.js';
export * from './discovery/layover.view.js';
export * from './settings/member-settings.view.js';
export * from './messaging/message.view.js';
export * from './notifications/web-push.js';
export * from './notifications/notification.view.js';
export * from './billing/subscription.view.js';
export * from './billing/payment-standing.js';
export * from './safety/safety.view.js';
