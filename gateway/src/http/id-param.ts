import { type ArgumentMetadata, NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** ParseUUIDPipe, answering the id in its canonical lowercase form. */
class ParseIdPipe extends ParseUUIDPipe {
  override async transform(value: string, metadata: ArgumentMetadata): Promise<string> {
    const id: unknown = await super.transform(value, metadata);
    return typeof id === 'string' ? id.toLowerCase() : (id as string);
  }
}

/**
 * A path or query id: a version 4 UUID, taken in its canonical lowercase form (the same id in
 * capitals is the same id, as `IsId` makes it in bodies), else 400, or 404 with `notFound`.
 */
export const idParam = (options: { notFound?: string; optional?: boolean } = {}) =>
  new ParseIdPipe({ version: '4', optional: options.optional, ...(options.notFound ? { exceptionFactory: () => new NotFoundException(options.notFound) } : {}) });
