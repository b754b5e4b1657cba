import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { realtimeSlice } from '../lib/realtime/realtime-slice';
import { readJson, writeJson } from '../lib/storage';
import { persistCurrentUser, seedCurrentUser } from '../lib/current-user';
import { sessionSlice } from '../features/auth/model';
import { SETTINGS_STORAGE_KEY, settingsSlice } from '../features/settings/model';
import { startupSettings } from '../boot';
import { DISCOVERY_STORAGE_KEY, discoverySlice, loadDiscoveryState } from '../features/discovery/model';
import { chatSlice } from '../features/chat/model';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  settings: settingsSlice.reducer,
  realtime: realtimeSlice.reducer,
  discovery: discoverySlice.reducer,
  chat: chatSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloaded?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The browser store: the local settings and the swipe screen's per-member counters (super likes,
 * boost) come from localStorage; without a stored language the browser's applies when it is one
 * of the four. The stored copy of the current user seeds its cache entry until the server answers,
 * and follows that entry from then on.
 */
export function makeBrowserStore(): AppStore {
  const store = makeStore({
    settings: startupSettings,
    discovery: loadDiscoveryState(readJson(DISCOVERY_STORAGE_KEY)),
  });
  seedCurrentUser(store.dispatch);
  persistCurrentUser(store);
  let { settings: lastSettings, discovery: lastDiscovery } = store.getState();
  store.subscribe(() => {
    const { settings, discovery } = store.getState();
    if (settings !== lastSettings) {
      lastSettings = settings;
      writeJson(SETTINGS_STORAGE_KEY, settings);
    }
    if (discovery !== lastDiscovery) {
      lastDiscovery = discovery;
      writeJson(DISCOVERY_STORAGE_KEY, discovery);
    }
  });
  return store;
}
