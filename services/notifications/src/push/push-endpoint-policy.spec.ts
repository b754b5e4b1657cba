import { pushEndpointProblem } from './push-endpoint-policy.js';

describe('push endpoint policy', () => {
  it('accepts the push services browsers use, in production too', () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'https://updates.push.services.mozilla.com/wpush/v2/gAAA', 'https://web.push.apple.com/QGx9'])
      expect(pushEndpointProblem(endpoint, true)).toBeNull();
  });

  it('in production refuses plain http, IP literals, localhost and single-label hosts', () => {
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/x', true)).toBe('not https');
    expect(pushEndpointProblem('https://127.0.0.1/push', true)).toBe('not a public host name');
    expect(pushEndpointProblem('https://[::1]/push', true)).toBe('not a public host name');
    expect(pushEndpointProblem('https://localhost/push', true)).toBe('not a public host name');
    expect(pushEndpointProblem('https://redis/push', true)).toBe('not a public host name');
  });

  it('allows a local http push service outside production, never credentials or other schemes', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4567/push/1', false)).toBeNull();
    expect(pushEndpointProblem('https://user:pw@push.example.com/x', false)).toBe('credentials in the URL');
    expect(pushEndpointProblem('ftp://push.example.com/x', false)).toBe('not http(s)');
    expect(pushEndpointProblem('nope', false)).toBe('not a URL');
  });
});
