import { DeckRequest, DiscoveryUserRequest, Rpc, SaveFilterPreferencesRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeckService } from './deck.service.js';

@Controller()
export class DeckController {
  constructor(private readonly deck: DeckService) {}

  @MessagePattern(Rpc.discovery.deck)
  next(@Payload() req: DeckRequest) {
    return this.deck.deck(req);
  }

  @MessagePattern(Rpc.discovery.loadFilters)
  loadFilters(@Payload() req: DiscoveryUserRequest) {
    return this.deck.loadFilters(req);
  }

  @MessagePattern(Rpc.discovery.saveFilters)
  saveFilters(@Payload() req: SaveFilterPreferencesRequest) {
    return this.deck.saveFilters(req);
  }
}
