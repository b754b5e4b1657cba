import { CreateProfileRequest, Rpc, SnapshotPageRequest, UpdateProfileRequest, UserIdRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProfilesService } from './profiles.service.js';

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @MessagePattern(Rpc.profiles.snapshot)
  snapshot(@Payload() req: SnapshotPageRequest) {
    return this.profiles.snapshot(req);
  }

  @MessagePattern(Rpc.profiles.create)
  create(@Payload() req: CreateProfileRequest) {
    return this.profiles.create(req);
  }

  @MessagePattern(Rpc.profiles.update)
  update(@Payload() req: UpdateProfileRequest) {
    return this.profiles.update(req);
  }

  /** the owner's profile, or null before registration */
  @MessagePattern(Rpc.profiles.get)
  get(@Payload() req: UserIdRequest) {
    return this.profiles.get(req);
  }
}
