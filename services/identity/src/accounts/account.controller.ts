import { AccountIdRequest, CreateDemoAccountRequest, Rpc, SetUserTypeRequest, SnapshotPageRequest, UserIdsRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountService } from './account.service.js';
import { DemoAccountsService } from './demo-accounts.service.js';

@Controller()
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly demo: DemoAccountsService,
  ) {}

  @MessagePattern(Rpc.identity.getAccount)
  get(@Payload() req: AccountIdRequest) {
    return this.accounts.get(req);
  }

  /** several accounts at once (the admin queue shows their emails); unknown ids are left out */
  @MessagePattern(Rpc.identity.getAccounts)
  getMany(@Payload() req: UserIdsRequest) {
    return this.accounts.getMany(req);
  }

  @MessagePattern(Rpc.identity.setUserType)
  setUserType(@Payload() req: SetUserTypeRequest) {
    return this.accounts.setUserType(req);
  }

  @MessagePattern(Rpc.identity.deleteAccount)
  delete(@Payload() req: AccountIdRequest) {
    return this.accounts.delete(req);
  }

  @MessagePattern(Rpc.identity.snapshot)
  snapshot(@Payload() req: SnapshotPageRequest) {
    return this.accounts.snapshot(req);
  }

  @MessagePattern(Rpc.identity.createDemoAccount)
  createDemo(@Payload() req: CreateDemoAccountRequest) {
    return this.demo.create(req);
  }
}
