import { FileReportRequest, ListAuditRequest, ModerateCaseRequest, RecordAuditRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ModerationService } from './moderation.service.js';

@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @MessagePattern(Rpc.identity.fileReport)
  fileReport(@Payload() req: FileReportRequest) {
    return this.moderation.fileReport(req);
  }

  @MessagePattern(Rpc.identity.listOpenCases)
  listOpen() {
    return this.moderation.listOpen();
  }

  @MessagePattern(Rpc.identity.moderateCase)
  moderate(@Payload() req: ModerateCaseRequest) {
    return this.moderation.moderate(req);
  }

  @MessagePattern(Rpc.identity.recordAudit)
  recordAudit(@Payload() req: RecordAuditRequest) {
    return this.moderation.recordGatewayAction(req);
  }

  @MessagePattern(Rpc.identity.listAudit)
  listAudit(@Payload() req: ListAuditRequest) {
    return this.moderation.listAudit(req);
  }
}
