import { BadRequestException, ValidationPipe } from '@nestjs/common';

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
    exceptionFactory: (errors) => {
      const first = errors[0];
      const message = first?.constraints ? Object.values(first.constraints)[0] : 'Invalid request';
      return new BadRequestException({ message, field: first?.property });
    },
  });
