import { type CanActivate, type ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}

/**
 * Development-only routes answer loopback clients only (the client IP as Fastify resolves it, so
 * X-Forwarded-For counts only from a trusted proxy); anyone else gets a plain 404.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!isLoopback(context.switchToHttp().getRequest<FastifyRequest>().ip)) throw new NotFoundException();
    return true;
  }
}
