import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './session.store.js';

/** HttpOnly, SameSite=Lax, Secure when the public URL is https; lives as long as the session may. */
export function setSessionCookie(reply: FastifyReply, sid: string, secure: boolean, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
