import type { RpcClient } from '@aero/common';
import { type LoginReply, Rpc } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/** passport-local: email + password checked by the identity service. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  private readonly rpc: RpcClient;

  constructor(@Inject(GATEWAY_CONTEXT) ctx: GatewayContext) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
    this.rpc = ctx.rpc;
  }

  validate(email: string, password: string): Promise<LoginReply> {
    return this.rpc.send(Rpc.identity.login, { email, password });
  }
}
