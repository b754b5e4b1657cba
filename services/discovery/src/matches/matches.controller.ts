import { DiscoveryUserRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MatchesService } from './matches.service.js';

@Controller()
export class MatchesController {
  constructor(private readonly matches: MatchesService) {}

  @MessagePattern(Rpc.discovery.listMatches)
  list(@Payload() req: DiscoveryUserRequest) {
    return this.matches.list(req);
  }
}
