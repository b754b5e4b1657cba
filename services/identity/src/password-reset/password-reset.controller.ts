import { ChangePasswordRequest, EmailCall, ResetPasswordRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @MessagePattern(Rpc.identity.forgotPassword)
  forgot(@Payload() req: EmailCall) {
    return this.passwordReset.forgot(req);
  }

  @MessagePattern(Rpc.identity.resetPassword)
  reset(@Payload() req: ResetPasswordRequest) {
    return this.passwordReset.reset(req);
  }

  @MessagePattern(Rpc.identity.changePassword)
  change(@Payload() req: ChangePasswordRequest) {
    return this.passwordReset.change(req);
  }
}
