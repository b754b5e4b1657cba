import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorBodySchema } from './schemas/common.schema.js';

/**
 * The failures a route answers besides the ones every route shares (those are added to the
 * document in one place, api-docs.ts), each as the gateway's error body: `ApiErrors({ 404: 'Match not found' })`.
 */
export const ApiErrors = (errors: Record<number, string>) =>
  applyDecorators(...Object.entries(errors).map(([status, description]) => ApiResponse({ status: Number(status), description, type: ErrorBodySchema })));
