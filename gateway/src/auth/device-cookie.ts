import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie (OWASP's defence against lockout by guessing): a browser that signed in to an
 * account gets one, naming the account (its email) and a random device id, signed with the
 * deployment's secret. Its sign-ins to that account count against the device's own budget, not
 * the account's, so someone who spends the account's budget with wrong passwords from elsewhere
 * does not lock its member out of their own phone.
 */
export const DEVICE_COOKIE = 'aero_device';
/** a year: a phone signed in once stays known */
const MAX_AGE_SECONDS = 365 * 86_400;

const mac = (secret: string, deviceId: string, email: string) => createHmac('sha256', secret).update(`login-device\0${deviceId}\0${email}`).digest('base64url');

/** the account a sign-in names: its email as the rate limits key it */
export const accountEmail = (email: unknown) => (typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined);

/** the device id when the request carries this deployment's device cookie for `email`; else undefined */
export function trustedDevice(request: FastifyRequest, secret: string, email: string): string | undefined {
  const [deviceId, signature, ...rest] = (request.cookies?.[DEVICE_COOKIE] ?? '').split('.');
  if (!deviceId || !signature || rest.length) return undefined;
  const expected = Buffer.from(mac(secret, deviceId, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/** after a sign-in to `email`: the browser's device cookie for it (the same device id when it had one for it) */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, secret: string, email: string, secure: boolean) {
  const deviceId = trustedDevice(request, secret, email) ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${deviceId}.${mac(secret, deviceId, email)}`, { httpOnly: true, sameSite: 'strict', secure, path: '/api/auth', maxAge: MAX_AGE_SECONDS });
}
