import { connectionChanged, initialRealtimeState, presenceTold, realtimeSlice, type RealtimeState } from './realtime-slice';

const reduce = (state: RealtimeState, ...actions: Parameters<typeof realtimeSlice.reducer>[1][]) => actions.reduce(realtimeSlice.reducer, state);
const connected = (at = 100) => reduce(initialRealtimeState, connectionChanged({ status: 'connecting', error: null, at }), connectionChanged({ status: 'connected', error: null, at: at + 1 }));
const told = (at: number, online: Record<string, boolean>) => presenceTold({ at, online });

describe('who is online (the realtime slice)', () => {
  it('takes the pushes and the match list alike, whichever is newer about each member', () => {
    // the list (asked for at 200) says Julie is online and Ben is not
    let state = reduce(connected(), told(200, { julie: true, ben: false }));
    expect(state.onlineUserIds).toEqual(['julie']);
    // a push about Ben (at 300), then a list asked for before it (250) and answered after it: that
    // list is older news about Ben, not about Julie
    state = reduce(state, told(300, { ben: true }), told(250, { julie: false, ben: false }));
    expect(state.onlineUserIds).toEqual(['ben']);
    // a list asked for later is the newer word about both
    state = reduce(state, told(400, { julie: true, ben: false }));
    expect(state.onlineUserIds).toEqual(['julie']);
    // a push goes after the list it follows
    expect(reduce(state, told(400, { julie: false })).onlineUserIds).toEqual([]);
  });

  it('forgets everyone while the connection is down, and what was told before it went down', () => {
    let state = reduce(connected(), told(200, { julie: true }));
    state = reduce(state, connectionChanged({ status: 'connecting', error: null, at: 300 }));
    expect(state.onlineUserIds).toEqual([]);
    // a list asked for before the drop answers after it: not taken
    state = reduce(state, told(250, { julie: true }));
    expect(state.onlineUserIds).toEqual([]);
    state = reduce(state, connectionChanged({ status: 'connected', error: null, at: 350 }), told(360, { julie: true }));
    expect(state.onlineUserIds).toEqual(['julie']);
  });
});

describe('the connection’s first attempt (the realtime slice)', () => {
  const changed = (status: RealtimeState['status'], at: number) => connectionChanged({ status, error: status === 'error' ? 'unreachable' : null, at });

  it('is over once it authenticated, failed (a reconnect planned) or was given up, not while it connects', () => {
    expect(initialRealtimeState.attempted).toBe(false);
    expect(reduce(initialRealtimeState, changed('connecting', 1)).attempted).toBe(false);
    expect(connected().attempted).toBe(true);
    expect(reduce(initialRealtimeState, changed('connecting', 1), changed('disconnected', 2)).attempted).toBe(true);
    expect(reduce(initialRealtimeState, changed('connecting', 1), changed('error', 2)).attempted).toBe(true);
    // and stays over through a drop and its reconnect
    expect(reduce(connected(), changed('disconnected', 300), changed('connecting', 301)).attempted).toBe(true);
  });
});
