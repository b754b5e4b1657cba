import type { RpcClient } from '@aero/common';
import { type LoginReply, Rpc } from '@aero/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { requestLanguage } from '../http/mail-language.js';

/** passport-local: email + password checked by the identity service (an unverified account's code is mailed in the app's language). */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  private readonly rpc: RpcClient;

  constructor(@Inject(GATEWAY_CONTEXT) ctx: GatewayContext) {
    super({ usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true });
    this.rpc = ctx.rpc;
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<LoginReply> {
    return this.rpc.send(Rpc.identity.login, { email, password, mailLanguage: requestLanguage(request) });
  }
}
