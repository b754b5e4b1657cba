import { CanSeePhotosRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhotoAccessService } from './photo-access.service.js';

@Controller()
export class PhotoAccessController {
  constructor(private readonly access: PhotoAccessService) {}

  @MessagePattern(Rpc.discovery.canSeePhotos)
  canSee(@Payload() req: CanSeePhotosRequest) {
    return this.access.canSee(req);
  }
}
