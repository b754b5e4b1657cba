import { DocumentIdRequest, ListPendingVerificationsRequest, ReviewDocumentRequest, Rpc, SubmitDocumentRequest, UserIdRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VerificationService } from './verification.service.js';

@Controller()
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @MessagePattern(Rpc.profiles.submitDocument)
  submit(@Payload() req: SubmitDocumentRequest) {
    return this.verification.submit(req);
  }

  @MessagePattern(Rpc.profiles.verificationStatus)
  status(@Payload() req: UserIdRequest) {
    return this.verification.status(req);
  }

  @MessagePattern(Rpc.profiles.listPendingVerifications)
  listPending(@Payload() req: ListPendingVerificationsRequest) {
    return this.verification.listPending(req);
  }

  @MessagePattern(Rpc.profiles.getDocument)
  getDocument(@Payload() req: DocumentIdRequest) {
    return this.verification.getDocument(req);
  }

  @MessagePattern(Rpc.profiles.reviewDocument)
  review(@Payload() req: ReviewDocumentRequest) {
    return this.verification.review(req);
  }
}
