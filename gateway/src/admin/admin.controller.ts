import { Controller } from '@nestjs/common';

/** api/admin: being built (issue 4). */
@Controller('api/admin')
export class AdminController {}
