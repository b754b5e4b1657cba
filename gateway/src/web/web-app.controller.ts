import { BadRequestException, Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { Public } from '../http/public.decorator.js';
import { sendStaticFile } from './static-files.js';
import { ApiExcludeController } from '@nestjs/swagger';

const NOT_THE_APP = /^\/(api|ws|dev|objects)(\/|$)/;

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new BadRequestException('Malformed URL');
  }
}

/**
 * Serves the built web app: real files from web/dist, precompressed (brotli or gzip) when the
 * client accepts it; hashed assets cached for a year, everything else revalidated (ETag) on each
 * use, so the service worker and the shell are never stale; index.html for every other GET so that
 * the client-side router handles deep links. Unknown /api paths stay JSON 404s.
 */
@ApiExcludeController()
@Public()
@Controller()
export class WebAppController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  @Get('*')
  serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const path = decodePath(request.url.split('?')[0] ?? '/');
    if (NOT_THE_APP.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
    const root = this.ctx.webRoot;
    const rel = normalize(path).replace(/^(\.\.[/\\])+/, '').replace(/^\/+/, '');
    const file = join(root, rel);
    const negotiation = { acceptEncoding: request.headers['accept-encoding'], ifNoneMatch: request.headers['if-none-match'] };
    if (rel && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      if (rel === 'sw.js') void reply.header('Service-Worker-Allowed', '/');
      const cacheControl = rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      return sendStaticFile(reply, file, { ...negotiation, cacheControl });
    }
    if (!existsSync(join(root, 'index.html'))) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return sendStaticFile(reply, join(root, 'index.html'), { ...negotiation, cacheControl: 'no-cache' });
  }
}
