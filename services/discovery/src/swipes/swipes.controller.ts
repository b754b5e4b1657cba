import { DiscoveryUserRequest, Rpc, SwipeRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SwipeService } from './swipe.service.js';

@Controller()
export class SwipesController {
  constructor(private readonly swipes: SwipeService) {}

  @MessagePattern(Rpc.discovery.swipe)
  swipe(@Payload() req: SwipeRequest) {
    return this.swipes.swipe(req);
  }

  @MessagePattern(Rpc.discovery.undo)
  undo(@Payload() req: DiscoveryUserRequest) {
    return this.swipes.undo(req);
  }
}
