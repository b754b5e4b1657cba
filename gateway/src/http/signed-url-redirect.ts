import { ServerLimits } from '@aero/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Answers a stable address (a photo's, a message attachment's) with a 302 to its signed URL, which
 * works `ServerLimits.signedUrlSeconds`: the browser may reuse the redirect for a fifth of that, so
 * the URL it leads to always has most of its life left.
 */
export const redirectToSignedUrl = (reply: FastifyReply, signedUrl: string) =>
  reply.header('Cache-Control', `private, max-age=${ServerLimits.signedUrlSeconds / 5}`).redirect(signedUrl, 302);
