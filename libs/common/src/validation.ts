import { Messages } from '@aero/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/** the first message of the first failing field, a nested object's fields included */
export function firstValidationMessage(errors: readonly ValidationError[]): string | undefined {
  for (const error of errors) {
    const message = (error.constraints && Object.values(error.constraints)[0]) ?? firstValidationMessage(error.children ?? []);
    if (message) return message;
  }
  return undefined;
}

/**
 * One validation pipe for services and gateway: DTO classes from @aero/contracts, unknown
 * fields stripped (never stored), the first message of the first failing field reported.
 * `strict` refuses unknown fields (400) instead of stripping them, for a body where a typo must
 * not pass for a saved choice; the refusal has the same shape as every other one.
 */
export const createValidationPipe = ({ strict = false }: { strict?: boolean } = {}) =>
  new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: strict,
    forbidUnknownValues: strict,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException({ message: firstValidationMessage(errors) ?? Messages.invalidRequest, field: errors[0]?.property }),
  });
