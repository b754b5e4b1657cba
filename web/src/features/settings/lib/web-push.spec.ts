import { anyNotificationOn, applicationServerKey, sameKey } from './web-push';

describe('web push in the browser: pure parts', () => {
  const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

  it('decodes the base64url VAPID key into the 65 bytes of a P-256 point', () => {
    const bytes = applicationServerKey(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });

  it('knows whether an existing subscription was made for the same key', () => {
    const bytes = applicationServerKey(key);
    expect(sameKey(bytes.slice().buffer, bytes)).toBe(true);
    const other = bytes.slice();
    other[64] ^= 1;
    expect(sameKey(other.buffer, bytes)).toBe(false);
    expect(sameKey(null, bytes)).toBe(false);
    expect(sameKey(new ArrayBuffer(3), bytes)).toBe(false);
  });

  it('stays subscribed while any notification toggle is on; previews alone are no kind pushed', () => {
    expect(anyNotificationOn({ matches: false, messages: false, likes: false, promotions: false, previews: true })).toBe(false);
    expect(anyNotificationOn({ matches: false, messages: true, likes: false, promotions: false, previews: false })).toBe(true);
    expect(anyNotificationOn({ matches: false, messages: false, likes: false, promotions: true, previews: true })).toBe(true);
  });
});
