import { firstValidationMessage } from '@aero/common';
import { badRequest, ErrorCodes, LoginRequest, Messages } from '@aero/contracts';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/** Validates the body with the shared DTO first, so bad input gets the spec's message, not passport's. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ body: unknown }>();
    const dto = plainToInstance(LoginRequest, request.body ?? {});
    const errors = await validate(dto);
    if (errors.length) throw badRequest(firstValidationMessage(errors) ?? Messages.invalidRequest, ErrorCodes.validation);
    request.body = dto;
    return (await super.canActivate(context)) as boolean;
  }
}
