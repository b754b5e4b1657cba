import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useFirstScreenSettled } from '../use-first-screen-settled';
import type { RealtimeState } from './realtime-slice';

/** how long what waits for the connection's first attempt waits at most (a connection that neither opens nor fails, as behind a proxy that holds websockets, takes socket.io's 20 s) */
export const CONNECTION_WAIT_MS = 3_000;

/**
 * Whether the first screen has settled (the connection starts then) and the tab's real-time
 * connection has made its first attempt (authenticated, or refused or failed: then the pushes may
 * not come), or CONNECTION_WAIT_MS have passed since the first screen settled. What the pushes keep up
 * to date and can wait (a badge's count) asks then: asked before, it is asked again at once, as
 * each authentication fetches again what was fetched before it (the pushes of the gap are lost:
 * socket-client.ts); asked after an authentication, the pushes keep it up to date.
 */
export function useConnectionSettled(): boolean {
  const started = useFirstScreenSettled();
  const attempted = useSelector((s: { realtime: RealtimeState }) => s.realtime.attempted);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!started || attempted) return;
    const timer = setTimeout(() => setWaited(true), CONNECTION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [started, attempted]);
  return started && (attempted || waited);
}
