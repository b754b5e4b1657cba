import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { API_BASE, httpRequest, type ApiError, type HttpRequest } from './http';

type UnauthorizedListener = (endpoint: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Calls `listener` with the endpoint's name whenever a call is answered 401, or with `source` when
 * something else found the session ended (`sessionEndedElsewhere`): the session watches them;
 * returns the unsubscribe.
 */
export function onUnauthorizedResponse(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The session ended on the server, as a 401 would say (the real-time connection found it, lib/realtime). */
export const sessionEndedElsewhere = (source: string) => unauthorizedListeners.forEach((listener) => listener(source));

/** RTK Query base query over `httpRequest`: cookies always, JSON bodies, spec §8 errors. */
export const httpBaseQuery: BaseQueryFn<HttpRequest | string, unknown, ApiError> = async (args, { signal, endpoint, dispatch }) => {
  const req = typeof args === 'string' ? { url: args } : args;
  try {
    return { data: await httpRequest(API_BASE, req, signal) };
  } catch (error) {
    if ((error as ApiError).status === 401) sessionEndedElsewhere(endpoint);
    // the member must pay first now (a subscription that lapsed meanwhile): the current user is
    // fetched again, and the gate sends them to /subscribe
    if ((error as ApiError).status === 402) dispatch(api.util.invalidateTags(['CurrentUser']));
    return { error: error as ApiError };
  }
};

/** The cache's tag types: what a mutation or a push (lib/realtime/pushes) makes stale. */
export const API_TAGS = ['CurrentUser', 'Discovery', 'Matches', 'Messages', 'Notifications', 'ProfileViews', 'Verification', 'AdminVerifications', 'FilterPreferences', 'Subscription', 'Blocks'] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints`.
 * Queries never go stale, are not retried and do not refetch on focus or poll (spec §7).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: API_TAGS,
  keepUnusedDataFor: 60 * 60 * 24,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/**
 * What a block changes, wherever it is made (the chat's menu, a report): the pair's match ends,
 * each leaves the other's deck and views, the server removes what each was told about the
 * other (the Activity list and its unread count), and the blocker's list of blocked members grows.
 */
export const CHANGED_BY_BLOCK = ['Matches', 'Discovery', 'ProfileViews', 'Notifications', 'Blocks'] as const;
