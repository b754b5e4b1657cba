import { Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { RebuildCandidatesService } from './rebuild-candidates.service.js';

@Controller()
export class CandidatesController {
  constructor(private readonly rebuilds: RebuildCandidatesService) {}

  @MessagePattern(Rpc.discovery.rebuildCandidates)
  rebuild() {
    return this.rebuilds.rebuild();
  }
}
