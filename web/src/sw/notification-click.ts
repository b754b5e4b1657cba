import type { WebPushPayload } from '@aero/contracts/shared';

/** what the worker shows for a push: the payload's title and message, or the app's name for a push it cannot read */
export function readPush(data: { json(): unknown } | null | undefined): { type: string; title: string; body: string; tag?: string; url: string; discreet: boolean } {
  let payload: Partial<WebPushPayload> = {};
  try {
    payload = (data?.json() as Partial<WebPushPayload> | null) ?? {};
  } catch {
    // not JSON: still show something (a push must show a notification)
  }
  return {
    type: typeof payload.type === 'string' ? payload.type : '',
    title: typeof payload.title === 'string' && payload.title ? payload.title : 'AeroMatch',
    body: typeof payload.message === 'string' ? payload.message : '',
    tag: typeof payload.id === 'string' ? payload.id : undefined,
    url: typeof payload.url === 'string' ? payload.url : '/notifications',
    discreet: payload.discreet === true,
  };
}

/** the route a click opens: the push's own path within the app, else the Activity screen (never another origin) */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/notifications';
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : '/notifications';
}

/**
 * Which open tab of the app takes the click: one already showing the target is focused as it is;
 * else the focused one (or the first) is focused and goes there; null when none is open (a new
 * window opens the target).
 */
export function chooseWindow(windows: { url: string; focused: boolean }[], target: string, origin: string): { index: number; navigate: boolean } | null {
  const ours = windows.map((w, index) => ({ ...w, index, at: new URL(w.url) })).filter((w) => w.at.origin === origin);
  if (ours.length === 0) return null;
  const showing = ours.find((w) => `${w.at.pathname}${w.at.search}` === target);
  if (showing) return { index: showing.index, navigate: false };
  return { index: (ours.find((w) => w.focused) ?? ours[0]!).index, navigate: true };
}
