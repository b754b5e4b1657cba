import { Controller } from '@nestjs/common';

/** api/photos: being built (issue 4). */
@Controller('api/photos')
export class PhotosController {}
