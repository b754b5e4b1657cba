import { loadOrCreateVapidKeys, Presence, RUNTIME, type ServiceRuntime } from '@aero/common';
import type { Provider } from '@nestjs/common';
import { PushServiceAdapter } from './push-service.adapter.js';

export const VAPID_PUBLIC_KEY = Symbol('VapidPublicKey');

/**
 * Web push's infrastructure: the VAPID keys (settings, else generated once in DATA_DIR), the push
 * service adapter, and presence read through the key-value port the gateway writes it to.
 */
export const pushProviders: Provider[] = [
  { provide: VAPID_PUBLIC_KEY, useFactory: (runtime: ServiceRuntime) => loadOrCreateVapidKeys(runtime.settings).publicKey, inject: [RUNTIME] },
  { provide: PushServiceAdapter, useFactory: (runtime: ServiceRuntime) => new PushServiceAdapter(loadOrCreateVapidKeys(runtime.settings), runtime.settings.vapidSubject), inject: [RUNTIME] },
  { provide: Presence, useFactory: (runtime: ServiceRuntime) => new Presence(runtime.kv, runtime.settings.presenceTtlSeconds), inject: [RUNTIME] },
];
