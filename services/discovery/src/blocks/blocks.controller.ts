import { BlockRequest, DiscoveryUserRequest, MatchMemberRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BlocksService } from './blocks.service.js';

@Controller()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @MessagePattern(Rpc.discovery.unmatch)
  unmatch(@Payload() req: MatchMemberRequest) {
    return this.blocks.unmatch(req);
  }

  @MessagePattern(Rpc.discovery.block)
  block(@Payload() req: BlockRequest) {
    return this.blocks.block(req);
  }

  @MessagePattern(Rpc.discovery.unblock)
  unblock(@Payload() req: BlockRequest) {
    return this.blocks.unblock(req);
  }

  @MessagePattern(Rpc.discovery.listBlocks)
  list(@Payload() req: DiscoveryUserRequest) {
    return this.blocks.list(req);
  }
}
