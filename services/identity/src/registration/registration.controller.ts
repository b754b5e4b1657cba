import { EmailCall, Rpc, SignupCall, VerifyRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RegistrationService } from './registration.service.js';

@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @MessagePattern(Rpc.identity.signup)
  signup(@Payload() req: SignupCall) {
    return this.registration.signup(req);
  }

  @MessagePattern(Rpc.identity.verify)
  verify(@Payload() req: VerifyRequest) {
    return this.registration.verify(req);
  }

  @MessagePattern(Rpc.identity.resendVerification)
  resend(@Payload() req: EmailCall) {
    return this.registration.resend(req);
  }
}
