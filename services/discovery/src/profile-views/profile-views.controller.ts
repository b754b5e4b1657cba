import { DiscoveryUserRequest, RecordProfileViewRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProfileViewsService } from './profile-views.service.js';

@Controller()
export class ProfileViewsController {
  constructor(private readonly views: ProfileViewsService) {}

  @MessagePattern(Rpc.discovery.recordView)
  record(@Payload() req: RecordProfileViewRequest) {
    return this.views.record(req);
  }

  @MessagePattern(Rpc.discovery.listViews)
  list(@Payload() req: DiscoveryUserRequest) {
    return this.views.list(req);
  }

  @MessagePattern(Rpc.discovery.countViews)
  count(@Payload() req: DiscoveryUserRequest) {
    return this.views.count(req);
  }
}
