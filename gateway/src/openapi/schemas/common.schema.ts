import type { ErrorCode } from '@aero/contracts';
import type { HttpErrorBody } from '../../http/http-error.filter.js';
import { Bool, Int, Str } from './properties.js';
import { ApiProperty } from '@nestjs/swagger';

/** every failure (HttpErrorFilter, the same-origin hook): `{statusCode, code, message}` */
export class ErrorBodySchema implements HttpErrorBody {
  @Int({ example: 400 }) statusCode!: number;
  @Str({ description: 'stable machine-readable code', example: 'validation' }) code!: ErrorCode;
  @Str({ description: 'the text shown to the user', example: 'Invalid email address' }) message!: string;
}

export class SuccessSchema {
  @ApiProperty({ type: Boolean, enum: [true] }) success!: true;
}

export class CountSchema {
  @Int({ minimum: 0 }) count!: number;
}

export class HealthSchema {
  @Str({ enum: ['ok', 'degraded'] }) status!: 'ok' | 'degraded';
  @Str({ enum: ['single-node', 'distributed'] }) mode!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'each service: ok, or why not', example: { identity: 'ok' } }) services!: Record<string, string>;
}

export class SuccessWithBlockSchema extends SuccessSchema {
  @Bool({ description: 'the reported member is blocked too' }) blocked!: boolean;
}
