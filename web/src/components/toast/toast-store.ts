// Toast state (spec §9): one toast at a time (a new one replaces the one showing), shown for
// 5000 ms by default. A dismissed toast is first closed (exit animation), then removed.

import { Limits } from '@aero/contracts/shared';

export type ToastVariant = 'default' | 'destructive';

/** a button in the toast that does something and closes it (e.g. opens the conversation) */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Display time in ms; default 5000. */
  duration?: number;
}

export interface ToastItem extends Required<Pick<ToastInput, 'variant' | 'duration'>> {
  id: string;
  title?: string;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = Limits.toastDurationMs;
export const TOAST_SWIPE_THRESHOLD = Limits.toastSwipeDismissPx;
export const TOAST_REMOVE_DELAY = 200;

export type ToastStoreAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; patch: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export const initialToastState: ToastState = { toasts: [] };

export function toastReducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t)) };
    case 'dismiss':
      return { toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)) };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

// A tiny external store so `toast()` can be called from anywhere (handlers, thunks).
type Listener = (state: ToastState) => void;
let memoryState = initialToastState;
const listeners = new Set<Listener>();
let counter = 0;

function dispatch(action: ToastStoreAction) {
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
  if (action.type === 'dismiss') {
    const ids = action.id === undefined ? memoryState.toasts.map((t) => t.id) : [action.id];
    for (const id of ids) setTimeout(() => dispatch({ type: 'remove', id }), TOAST_REMOVE_DELAY);
  }
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  dispatch({
    type: 'add',
    toast: { id, title: input.title, description: input.description, action: input.action, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DEFAULT_DURATION, open: true },
  });
  return { id, dismiss: () => dispatch({ type: 'dismiss', id }) };
}

export function dismissToast(id?: string): void {
  dispatch({ type: 'dismiss', id });
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToastState(): ToastState {
  return memoryState;
}
