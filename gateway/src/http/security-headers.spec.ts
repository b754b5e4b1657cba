import { contentSecurityPolicy } from './security-headers.js';

describe('contentSecurityPolicy', () => {
  it('allows the S3 object store for images, media and uploads only when S3 is configured', () => {
    const local = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: undefined } as never);
    expect(local.connectSrc).toEqual(["'self'", 'wss://aero.example']);
    const s3 = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: { endpoint: 'https://files.example:9000/' }, stripe: undefined } as never);
    for (const directive of [s3.imgSrc, s3.mediaSrc, s3.connectSrc]) expect(directive).toContain('https://files.example:9000');
    expect(s3.scriptSrc).not.toContain('https://files.example:9000');
  });

  it('allows Stripe.js, its frames and its API only when Stripe takes the payments', () => {
    const test = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: undefined } as never);
    expect([...test.scriptSrc, ...test.connectSrc].some((h) => h.includes('stripe'))).toBe(false);
    expect(test.frameSrc).toEqual(["'none'"]);
    const stripe = contentSecurityPolicy({ publicUrl: 'https://aero.example', s3: undefined, stripe: { secretKey: 'sk_test_x' } } as never);
    expect(stripe.scriptSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe.frameSrc).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.connectSrc).toContain('https://api.stripe.com');
  });
});
