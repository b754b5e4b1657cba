import { Controller } from '@nestjs/common';

/** api/verification: being built (issue 4). */
@Controller('api/verification')
export class VerificationController {}
