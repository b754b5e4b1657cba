import { notFound } from '@aero/contracts';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}

/** a name or address that means this machine, with or without a port (`localhost:3000`, `127.0.0.1`, `[::1]:3000`) */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return name.toLowerCase() === 'localhost' || isLoopback(name);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Development-only routes answer loopback clients only (the client IP as Fastify resolves it, so
 * X-Forwarded-For counts only from a trusted proxy); anyone else gets a plain 404. Also refused:
 * a request forwarded by a proxy TRUST_PROXY does not name (a reverse proxy on the same machine
 * connects from 127.0.0.1 for every client), and one whose Host is not this machine (a DNS
 * rebinding page in a developer's browser).
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const forwardedUntrusted = !this.ctx.settings.trustProxy.length && FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    if (!isLoopback(request.ip) || forwardedUntrusted || !isLoopbackHost(request.headers.host)) throw notFound();
    return true;
  }
}
