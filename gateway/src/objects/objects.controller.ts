import { attachmentKeyFrom, DomainError, ErrorCodes, forbidden, Limits, Messages, notFound } from '@aero/contracts';
import { handleSignedObjectRequest, LocalObjectStorage, verifySignedUrl } from '@aero/ports';
import { Controller, Get, Inject, Logger, Put, Req, Res } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { sendError } from '../http/http-error.filter.js';
import { Public } from '../http/public.decorator.js';
import type { UploadSlots } from '../uploads/upload-slots.js';
import { ApiExcludeController } from '@nestjs/swagger';

/** the route pattern, exempt from the same-origin rule: its signature is the access check */
export const OBJECTS_ROUTE = '/objects/*';

/**
 * The body of an upload to a signed PUT URL arrives as raw bytes of any type (at most one
 * attachment's size; beyond that Fastify answers 413). JSON keeps its own parser.
 */
export function registerObjectUploadParser(app: FastifyInstance) {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: Limits.maxUploadBytes }, (_request, body, done) => done(null, body));
}

/**
 * A chat upload (PUT to a signed address) is read whole by the parser above, so before its body
 * is read it needs a valid signature (else 403 at once) and takes its uploader's upload lock and
 * one of the process's slots, as photos and documents do (UploadSlots): many of one member's
 * addresses written at once cannot fill the gateway's memory. Both go back once the answer is sent
 * or the connection closes. A refusal is the gateway's error body (`{statusCode, code, message}`),
 * as from any route: the app shows its text by its code.
 */
export function registerObjectUploadLimits(app: FastifyInstance, secret: string, slots: UploadSlots) {
  const holding = new WeakMap<object, () => Promise<void>>();
  const logger = new Logger('ObjectUploads');
  const refuse = (reply: FastifyReply, error: DomainError) => sendError(reply, error, logger);
  // given back before the answer goes out: the browser registers the attachment right after it
  app.addHook('onSend', async (request, _reply, payload) => {
    await holding.get(request)?.();
    return payload;
  });
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.method !== 'PUT' || request.routeOptions.url !== OBJECTS_ROUTE) return payload;
    const check = verifySignedUrl(secret, request.url, 'PUT');
    const uploader = check.ok ? attachmentKeyFrom(check.key)?.uploaderId : undefined;
    if (!check.ok || !uploader) return refuse(reply, forbidden(`Forbidden: ${check.ok ? 'not an attachment' : check.reason}`));
    try {
      const held = await slots.hold(uploader, request.raw.socket);
      holding.set(request, held.release);
      reply.raw.once('close', () => void held.release()); // an answer that never went out
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refuse(reply, error);
    }
    return payload;
  });
}

/**
 * GET|HEAD|PUT /objects/<key>?method=…&exp=…&sig=…: the gateway's signed object URLs. The
 * signature is the access check (it is handed out only after one), so the route is public and
 * exempt from the same-origin rule; reads answer byte ranges (voice playback). Uploads (PUT) come
 * here with either storage, capped by the upload parser's body limit (`AttachmentUploads`); reads
 * only with the local storage: with S3, read URLs point at S3 and a GET here is a 404.
 */
@ApiExcludeController()
@Public()
@Controller('objects')
export class ObjectsController {
  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  // Fastify answers HEAD from this GET route (without the body); the signature check sees HEAD.
  @Get('*')
  read(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(this.ctx.storage instanceof LocalObjectStorage)) throw notFound();
    return this.answer(request, reply);
  }

  @Put('*')
  upload(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    // a type with a parser of its own (JSON, plain text, a form) arrives parsed, not as its bytes:
    // stored, the file would be empty, and the upload said done
    if (request.headers['content-type'] !== undefined && !Buffer.isBuffer(request.body)) throw new DomainError(415, ErrorCodes.attachmentInvalid, Messages.attachmentWrongType);
    return this.answer(request, reply);
  }

  private async answer(request: FastifyRequest, reply: FastifyReply) {
    const body = request.method === 'PUT' ? (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)) : undefined;
    const answer = await handleSignedObjectRequest(this.ctx.storage, this.ctx.secret, {
      method: request.method,
      url: request.url,
      range: request.headers.range,
      contentType: request.headers['content-type'],
      body,
    });
    return reply.status(answer.status).headers(answer.headers).send(answer.body ?? '');
  }
}
