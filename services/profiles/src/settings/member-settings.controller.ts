import { Rpc, SnapshotPageRequest, UpdateSettingsRequest, UserIdRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MemberSettingsService } from './member-settings.service.js';

@Controller()
export class MemberSettingsController {
  constructor(private readonly settings: MemberSettingsService) {}

  @MessagePattern(Rpc.profiles.getSettings)
  get(@Payload() req: UserIdRequest) {
    return this.settings.get(req);
  }

  @MessagePattern(Rpc.profiles.settingsSnapshot)
  snapshot(@Payload() req: SnapshotPageRequest) {
    return this.settings.snapshot(req);
  }

  @MessagePattern(Rpc.profiles.updateSettings)
  update(@Payload() req: UpdateSettingsRequest) {
    return this.settings.update(req);
  }
}
