import { DiscoveryUserRequest, Rpc, SaveLayoverRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LayoversService } from './layovers.service.js';

@Controller()
export class LayoversController {
  constructor(private readonly layovers: LayoversService) {}

  @MessagePattern(Rpc.discovery.getLayover)
  get(@Payload() req: DiscoveryUserRequest) {
    return this.layovers.get(req);
  }

  @MessagePattern(Rpc.discovery.saveLayover)
  save(@Payload() req: SaveLayoverRequest) {
    return this.layovers.save(req);
  }

  @MessagePattern(Rpc.discovery.cancelLayover)
  cancel(@Payload() req: DiscoveryUserRequest) {
    return this.layovers.cancel(req);
  }
}
