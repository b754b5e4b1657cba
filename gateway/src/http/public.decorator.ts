import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Marks a route as open to signed-out visitors; every other route needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
