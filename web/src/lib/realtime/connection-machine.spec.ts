import { jest } from '@jest/globals';
import { ConnectionMachine, reconnectDelay, type ConnectionError, type ConnectionStatus, type ConnectionTransport } from './connection-machine';

/** A transport whose opens and authentications the test answers, recording what it was asked. */
function fakeTransport() {
  const calls: string[] = [];
  let open = false;
  const transport: ConnectionTransport & { setOpen(v: boolean): void } = {
    open: () => calls.push('open'),
    close: () => {
      calls.push('close');
      open = false;
    },
    authenticate: () => calls.push('auth'),
    send: (event) => calls.push(`send:${event}`),
    isOpen: () => open,
    setOpen: (v) => {
      open = v;
    },
  };
  return { transport, calls };
}

function setup() {
  const { transport, calls } = fakeTransport();
  const statuses: [ConnectionStatus, ConnectionError | null][] = [];
  const machine = new ConnectionMachine(transport, { onStatus: (s, e) => statuses.push([s, e]) });
  /** the transport opens and the server accepts the authentication */
  const connectNow = () => {
    transport.setOpen(true);
    machine.opened();
    machine.authenticated();
  };
  const dropNow = () => {
    transport.setOpen(false);
    machine.closed();
  };
  return { machine, transport, calls, statuses, connectNow, dropNow };
}

const opens = (calls: string[]) => calls.filter((c) => c === 'open').length;

/** the attempt under way fails, and so do the 5 reconnects after it */
const failAllAttempts = (machine: ConnectionMachine) => {
  machine.closed();
  for (let attempt = 0; attempt < 5; attempt++) {
    jest.advanceTimersByTime(30_000);
    machine.closed();
  }
};

describe('chat connection state machine (spec §4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('connects, authenticates and reports connecting then connected', () => {
    const { machine, calls, statuses, connectNow } = setup();
    machine.start();
    expect(machine.status).toBe('connecting');
    connectNow();
    expect(calls).toEqual(['open', 'auth']);
    expect(statuses).toEqual([
      ['connecting', null],
      ['connected', null],
    ]);
    machine.start(); // one connection per tab: starting again does nothing
    expect(opens(calls)).toBe(1);
  });

  it('waits 1 s, 2 s, 4 s, 8 s, 16 s between 5 reconnect attempts, then shows Connection Lost', () => {
    const { machine, calls, connectNow, dropNow } = setup();
    machine.start();
    connectNow();
    dropNow();
    expect(machine.status).toBe('disconnected');
    for (const [attempt, delay] of [1000, 2000, 4000, 8000, 16000].entries()) {
      jest.advanceTimersByTime(delay - 1);
      expect(opens(calls)).toBe(1 + attempt); // not yet
      jest.advanceTimersByTime(1);
      expect(opens(calls)).toBe(2 + attempt);
      expect(machine.status).toBe('connecting');
      machine.closed(); // this attempt fails too
    }
    expect(machine.status).toBe('error');
    expect(machine.error).toBe('connection-lost');
    jest.advanceTimersByTime(10 * 60_000);
    expect(opens(calls)).toBe(6); // no more attempts
  });

  it('says the connection could not be established when it never connected', () => {
    const { machine } = setup();
    machine.start();
    failAllAttempts(machine);
    expect(machine.status).toBe('error');
    expect(machine.error).toBe('unreachable');
  });

  it('caps the delay at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('starts counting again after a successful reconnect', () => {
    const { machine, calls, connectNow, dropNow } = setup();
    machine.start();
    connectNow();
    dropNow();
    jest.advanceTimersByTime(1000);
    machine.closed();
    jest.advanceTimersByTime(2000);
    connectNow(); // the second attempt succeeds
    expect(machine.status).toBe('connected');
    dropNow();
    jest.advanceTimersByTime(999);
    expect(opens(calls)).toBe(3);
    jest.advanceTimersByTime(1); // 1 s again, not 4 s
    expect(opens(calls)).toBe(4);
  });

  it('tries again at once with a fresh count when the network comes back after it gave up, and says Connection Lost again when that fails', () => {
    const { machine, calls, connectNow, dropNow } = setup();
    machine.start();
    connectNow();
    dropNow();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      jest.advanceTimersByTime(delay);
      machine.closed();
    }
    expect([machine.status, machine.error]).toEqual(['error', 'connection-lost']);
    jest.advanceTimersByTime(10 * 60_000);
    expect(opens(calls)).toBe(6);

    machine.retryNow(); // the 'online' event
    expect(opens(calls)).toBe(7);
    expect([machine.status, machine.error]).toEqual(['connecting', null]);
    machine.retryNow(); // the page shown again meanwhile: the attempt under way is not doubled
    expect(opens(calls)).toBe(7);
    machine.closed(); // the network is not quite back: 5 attempts again, 1 s first
    for (const [attempt, delay] of [1000, 2000, 4000, 8000, 16000].entries()) {
      jest.advanceTimersByTime(delay - 1);
      expect(opens(calls)).toBe(7 + attempt);
      jest.advanceTimersByTime(1);
      expect(opens(calls)).toBe(8 + attempt);
      machine.closed();
    }
    expect([machine.status, machine.error]).toEqual(['error', 'connection-lost']); // it had connected before
    machine.retryNow();
    connectNow();
    expect(machine.status).toBe('connected');
    machine.retryNow(); // connected: nothing to do
    expect(opens(calls)).toBe(13);
  });

  it('does not wait for the planned attempt when the network comes back, and never retries a refused authentication early', () => {
    const { machine, transport, calls, connectNow, dropNow } = setup();
    machine.start();
    connectNow();
    dropNow();
    jest.advanceTimersByTime(1000);
    machine.closed();
    jest.advanceTimersByTime(1000); // the next attempt is 1 s away
    machine.retryNow();
    expect(opens(calls)).toBe(3);
    connectNow();
    jest.advanceTimersByTime(60_000);
    expect(opens(calls)).toBe(3); // the planned attempt was cancelled

    transport.setOpen(true);
    machine.authFailed();
    machine.retryNow();
    expect(calls.filter((c) => c === 'auth')).toHaveLength(2);
    for (let retry = 0; retry < 5; retry++) {
      jest.advanceTimersByTime(2000);
      machine.authFailed();
    }
    expect(machine.error).toBe('auth-failed');
    machine.retryNow();
    expect([machine.status, machine.error, opens(calls)]).toEqual(['error', 'auth-failed', 3]);
  });

  it('still says the connection could not be established when a fresh try after the network came back never connects', () => {
    const { machine } = setup();
    machine.start();
    failAllAttempts(machine);
    machine.retryNow();
    failAllAttempts(machine);
    expect([machine.status, machine.error]).toEqual(['error', 'unreachable']);
  });

  it('closes a connection the browser says has no network and reconnects as after a drop', () => {
    const { machine, calls } = setup();
    machine.start();
    machine.networkLost(); // not connected yet: nothing to close
    expect(calls).toEqual(['open']);
    machine.opened();
    machine.authenticated();
    machine.networkLost(); // the 'offline' event
    expect(calls.at(-1)).toBe('close');
    expect(machine.status).toBe('disconnected');
    jest.advanceTimersByTime(1000);
    expect(opens(calls)).toBe(2);
  });

  it('retries a refused authentication after 2 s, at most 5 times, then fails', () => {
    const { machine, transport, calls } = setup();
    machine.start();
    transport.setOpen(true);
    machine.opened();
    for (let retry = 1; retry <= 5; retry++) {
      machine.authFailed();
      jest.advanceTimersByTime(1999);
      expect(calls.filter((c) => c === 'auth')).toHaveLength(retry);
      jest.advanceTimersByTime(1);
      expect(calls.filter((c) => c === 'auth')).toHaveLength(retry + 1);
    }
    machine.authFailed();
    expect(machine.status).toBe('error');
    expect(machine.error).toBe('auth-failed');
    expect(calls.at(-1)).toBe('close');
  });

  it('reconnects to retry authentication when the server closed the connection', () => {
    const { machine, transport, calls } = setup();
    machine.start();
    transport.setOpen(true);
    machine.opened();
    machine.authFailed();
    transport.setOpen(false);
    machine.closed(); // the server hangs up after refusing: no extra reconnect timer
    jest.advanceTimersByTime(2000);
    expect(opens(calls)).toBe(2);
    jest.advanceTimersByTime(60_000);
    expect(opens(calls)).toBe(2);
  });

  it('queues sends while disconnected and flushes them on connect', () => {
    const { machine, calls, connectNow, dropNow } = setup();
    machine.start();
    machine.send('message', { content: 'hello' });
    expect(machine.queued).toBe(1);
    connectNow();
    expect(calls).toContain('send:message');
    expect(machine.queued).toBe(0);
    dropNow();
    machine.send('message', { content: 'again' });
    expect(calls.filter((c) => c === 'send:message')).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    connectNow();
    expect(calls.filter((c) => c === 'send:message')).toHaveLength(2);
  });

  it('stops on sign-out: closes, forgets the queue and plans nothing', () => {
    const { machine, calls, statuses, connectNow, dropNow } = setup();
    machine.start();
    connectNow();
    dropNow();
    machine.send('message', {});
    machine.stop();
    expect(machine.status).toBe('disconnected');
    jest.advanceTimersByTime(60_000);
    expect(opens(calls)).toBe(1);
    expect(machine.queued).toBe(0);
    expect(statuses.at(-1)).toEqual(['disconnected', null]);
  });
});
