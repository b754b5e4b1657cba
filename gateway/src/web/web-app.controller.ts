import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { Public } from '../http/public.decorator.js';

const NOT_THE_APP = /^\/(api|ws|dev|objects)(\/|$)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function sendFile(reply: FastifyReply, file: string) {
  return reply
    .type(CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
    .header('X-Content-Type-Options', 'nosniff')
    .send(createReadStream(file));
}

/**
 * Serves the built web app: real files from web/dist (hashed assets cached for a year, the
 * service worker and the shell never cached), and index.html for every other GET so that the
 * client-side router handles deep links. Unknown /api paths stay JSON 404s.
 */
@Public()
@Controller()
export class WebAppController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  @Get('*')
  serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const path = decodeURIComponent(request.url.split('?')[0]);
    if (NOT_THE_APP.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
    const root = this.ctx.webRoot;
    const rel = normalize(path).replace(/^(\.\.[/\\])+/, '').replace(/^\/+/, '');
    const file = join(root, rel);
    if (rel && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      if (rel === 'sw.js') {
        void reply.header('Cache-Control', 'no-cache').header('Service-Worker-Allowed', '/');
      } else if (rel.startsWith('assets/')) {
        void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
      return sendFile(reply, file);
    }
    if (!existsSync(join(root, 'index.html'))) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendFile(reply.header('Cache-Control', 'no-cache'), join(root, 'index.html'));
  }
}
