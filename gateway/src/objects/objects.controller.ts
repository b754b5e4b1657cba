import { Controller } from '@nestjs/common';

/** objects: being built (issue 4). */
@Controller('objects')
export class ObjectsController {}
