import { LoginCall, LoginRequest, Rpc } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LoginService } from './login.service.js';

@Controller()
export class LoginController {
  constructor(private readonly login: LoginService) {}

  @MessagePattern(Rpc.identity.login)
  handle(@Payload() req: LoginCall) {
    return this.login.login(req);
  }

  @MessagePattern(Rpc.identity.deleteWithPassword)
  deleteWithPassword(@Payload() req: LoginRequest) {
    return this.login.deleteWithPassword(req);
  }
}
