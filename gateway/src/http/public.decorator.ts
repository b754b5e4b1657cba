import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';
/**
 * Marks a route as open to signed-out visitors; every other route needs a session. The API
 * description reads the same mark: a public operation's security is `[{}]` (no session needed).
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiSecurity({}));
