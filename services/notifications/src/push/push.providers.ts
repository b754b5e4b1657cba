import { KEY_VALUE, loadOrCreateVapidKeys, Presence, SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import type { KeyValueStore } from '@aero/ports';
import type { Provider } from '@nestjs/common';
import { PushServiceAdapter } from './push-service.adapter.js';

export const VAPID_PUBLIC_KEY = Symbol('VapidPublicKey');

/**
 * Web push's infrastructure: the VAPID keys (settings, else generated once in DATA_DIR), the push
 * service adapter, and presence read through the key-value port the gateway writes it to.
 */
export const pushProviders: Provider[] = [
  { provide: VAPID_PUBLIC_KEY, useFactory: (settings: Settings) => loadOrCreateVapidKeys(settings).publicKey, inject: [SETTINGS] },
  { provide: PushServiceAdapter, useFactory: (settings: Settings) => new PushServiceAdapter(loadOrCreateVapidKeys(settings), settings.vapidSubject), inject: [SETTINGS] },
  { provide: Presence, useFactory: (kv: KeyValueStore, settings: Settings) => new Presence(kv, settings.presenceTtlSeconds), inject: [KEY_VALUE, SETTINGS] },
];
