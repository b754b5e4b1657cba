import { pushEndpointProblem } from './push-endpoint-policy.js';

describe('push endpoint policy', () => {
  it('accepts the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx9',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointProblem(endpoint, false)).toBeNull();
  });

  it('refuses plain http, another port, and any host that is not a known push service (in every mode)', () => {
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/x', false)).toBe('not https');
    expect(pushEndpointProblem('https://fcm.googleapis.com:8443/fcm/send/x', false)).toBe("not the push service's port");
    // IP literals, local names, and public-looking names that could resolve inside our network
    for (const endpoint of ['https://127.0.0.1/push', 'https://[::1]/push', 'https://localhost/push', 'https://redis/push', 'https://push.example.com/x', 'https://fcm.googleapis.com.evil.example/x', 'https://evilfcm.googleapis.com.example/x', 'https://notpush.apple.com.attacker.io/x'])
      expect(pushEndpointProblem(endpoint, false)).toBe('not a known push service');
  });

  it('allows a local http push service with PUSH_ANY_ENDPOINT (tests), never credentials or other schemes', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4567/push/1', true)).toBeNull();
    expect(pushEndpointProblem('https://user:pw@push.example.com/x', true)).toBe('credentials in the URL');
    expect(pushEndpointProblem('ftp://push.example.com/x', true)).toBe('not http(s)');
    expect(pushEndpointProblem('nope', true)).toBe('not a URL');
  });
});
