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
 */
export const createValidationPipe = () =>
  new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException({ message: firstValidationMessage(errors) ?? 'Invalid request', field: errors[0]?.property }),
  });
