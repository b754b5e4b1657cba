import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session.store.js';

/** HttpOnly, SameSite=Lax, Secure when the public URL is https. */
export function setSessionCookie(reply: FastifyReply, sid: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
