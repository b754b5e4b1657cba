import { initialToastState, toastReducer, TOAST_SWIPE_THRESHOLD, TOAST_DEFAULT_DURATION, type ToastItem } from './toast-store';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({ id, title: id, variant: 'default', duration: TOAST_DEFAULT_DURATION, open: true, ...extra });

describe('toastReducer', () => {
  it('shows one toast at a time: the newest replaces the one showing', () => {
    let state = toastReducer(initialToastState, { type: 'add', toast: item('a') });
    state = toastReducer(state, { type: 'add', toast: item('b', { variant: 'destructive' }) });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
    expect(state.toasts[0].variant).toBe('destructive');
  });

  it('defaults to 5000 ms', () => {
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
  });

  it('closes on dismiss, then removes', () => {
    let state = toastReducer(initialToastState, { type: 'add', toast: item('a') });
    state = toastReducer(state, { type: 'dismiss', id: 'a' });
    expect(state.toasts[0].open).toBe(false);
    state = toastReducer(state, { type: 'remove', id: 'a' });
    expect(state.toasts).toEqual([]);
  });

  it('ignores dismissals of other toasts', () => {
    let state = toastReducer(initialToastState, { type: 'add', toast: item('a') });
    state = toastReducer(state, { type: 'dismiss', id: 'zzz' });
    expect(state.toasts[0].open).toBe(true);
  });

  it('updates a toast in place', () => {
    let state = toastReducer(initialToastState, { type: 'add', toast: item('a') });
    state = toastReducer(state, { type: 'update', id: 'a', patch: { description: 'more' } });
    expect(state.toasts[0].description).toBe('more');
  });
});

describe('swipe to dismiss', () => {
  it('is past 50 px (Radix Toast swipes right only)', () => {
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });
});
