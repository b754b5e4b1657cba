import { Controller } from '@nestjs/common';

/** api/places: being built (issue 4). */
@Controller('api/places')
export class PlacesController {}
