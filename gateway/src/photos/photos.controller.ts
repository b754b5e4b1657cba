import { badRequest, ErrorCodes, Limits, notFound, parsePhotoUrl, photoUrl, Rpc } from '@aero/contracts';
import { Controller, Get, Inject, Param, Post, Query, Req, UseGuards, Res } from '@nestjs/common';

import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { readMultipartForm } from '../uploads/multipart-form.js';
import { UPLOADS_BUSY_DESCRIPTION, UploadSlots } from '../uploads/upload-slots.js';
import { PhotoLinks } from './photo-links.js';
import { redirectToSignedUrl } from '../http/signed-url-redirect.js';
import { PhotoUploads } from './photo-uploads.js';
import { UnattachedPhotos } from './unattached-photos.js';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { PhotosSchema } from '../openapi/schemas/profile.schema.js';

/**
 * Profile photos (signed in only). POST takes multipart field `photos` (1–6 images, ≤ 10 MB each)
 * and answers `{ photos: ['/api/photos/<userId>/<photoId>', …] }`. GET of such a URL redirects to
 * a signed URL of the stored WebP (`?size=thumb` for the 320 px thumbnail).
 */
@ApiTags('photos')
@Controller('api/photos')
export class PhotosController {
  private readonly uploads: PhotoUploads;
  private readonly links: PhotoLinks;

  private async mayOpen(viewerId: string, ownerId: string): Promise<boolean> {
    if (viewerId === ownerId) return true;
    if ((await this.ctx.rpc.send(Rpc.discovery.canSeePhotos, { viewerId, ownerId })).allowed) return true;
    return (await this.ctx.rpc.send(Rpc.identity.getAccount, { accountId: viewerId })).isAdmin;
  }

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly slots: UploadSlots,
    unattached: UnattachedPhotos,
  ) {
    this.uploads = new PhotoUploads(ctx.storage, unattached);
    this.links = new PhotoLinks(ctx.storage);
  }

  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['photos'], properties: { photos: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: Limits.photosPerProfile, description: 'JPEG, PNG, WebP or HEIC images, at most 10 MB each' } } } })
  @ApiCreatedResponse({ type: PhotosSchema })
  @ApiErrors({ 400: 'Not an image, too large, or too many (the message says which)', 413: 'Too large', 503: UPLOADS_BUSY_DESCRIPTION })
  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('upload')
  async upload(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest) {
    return this.slots.run(user.id, async () => {
      // a seventh file stops the reading: it is counted, never buffered
      const form = await readMultipartForm(request, { maxFiles: Limits.photosPerProfile });
      return this.uploads.upload(user.id, form);
    }, request.raw.socket);
  }

  /** the member's photos open for those who may see the profile (see discovery's photo access) and admins; others get 404 */
  @ApiQuery({ name: 'size', required: false, enum: ['thumb'], description: 'thumb: the 320 px thumbnail' })
  @ApiResponse({ status: 302, description: 'redirect to a short-lived signed URL of the image (WebP)', headers: { Location: { schema: { type: 'string' } } } })
  @ApiErrors({ 400: 'Invalid photo id', 404: 'Photo not found, or not visible to the member' })
  @Get(':userId/:photoId')
  async read(@CurrentUser() user: SessionUser, @Param('userId') userId: string, @Param('photoId') photoId: string, @Query('size') size: string | undefined, @Res() reply: FastifyReply) {
    if (!parsePhotoUrl(photoUrl(userId, photoId))) throw badRequest('Invalid photo id', ErrorCodes.badPhotoId);
    if (!(await this.mayOpen(user.id, userId))) throw notFound('Photo not found', ErrorCodes.photoNotFound);
    return redirectToSignedUrl(reply, await this.links.signedUrl(userId, photoId, size));
  }
}
