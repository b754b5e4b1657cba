import { useSyncExternalStore } from 'react';

// The current minute, for Activity's relative times ('5 minutes ago'): one timer for the whole
// screen, running only while something shows them, ticking at each minute's start.

let minute = Math.floor(Date.now() / 60_000);
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

const schedule = () => {
  timer = setTimeout(() => {
    minute = Math.floor(Date.now() / 60_000);
    listeners.forEach((listener) => listener());
    schedule();
  }, 60_000 - (Date.now() % 60_000) + 50);
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    minute = Math.floor(Date.now() / 60_000);
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

const current = () => minute;

/** Now (the component shows again each time the minute changes). */
export function useMinute(): Date {
  useSyncExternalStore(subscribe, current, current);
  return new Date();
}
