import { BoostRequest, DiscoveryUserRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BoostService } from './boost.service.js';

@Controller()
export class BoostController {
  constructor(private readonly boosts: BoostService) {}

  @MessagePattern(Rpc.discovery.boost)
  boost(@Payload() req: BoostRequest) {
    return this.boosts.boost(req);
  }

  @MessagePattern(Rpc.discovery.boostState)
  state(@Payload() req: DiscoveryUserRequest) {
    return this.boosts.state(req);
  }
}
