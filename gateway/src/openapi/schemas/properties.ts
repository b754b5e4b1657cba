import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

// Shorthands for response schemas: SWC emits `Object` as the design type of `string | null`,
// so every property names its type (the swagger CLI plugin, which would infer them, does not run).

export const Str = (options: ApiPropertyOptions = {}) => ApiProperty({ type: String, ...options } as ApiPropertyOptions);
export const NullableStr = (options: ApiPropertyOptions = {}) => ApiProperty({ type: String, nullable: true, ...options } as ApiPropertyOptions);
export const Int = (options: ApiPropertyOptions = {}) => ApiProperty({ type: 'integer', ...options } as ApiPropertyOptions);
export const NullableInt = (options: ApiPropertyOptions = {}) => ApiProperty({ type: 'integer', nullable: true, ...options } as ApiPropertyOptions);
export const Bool = (options: ApiPropertyOptions = {}) => ApiProperty({ type: Boolean, ...options } as ApiPropertyOptions);
export const Id = (options: ApiPropertyOptions = {}) => ApiProperty({ type: String, format: 'uuid', ...options } as ApiPropertyOptions);
export const DateTime = (options: ApiPropertyOptions = {}) => ApiProperty({ type: String, format: 'date-time', ...options } as ApiPropertyOptions);
export const NullableDateTime = (options: ApiPropertyOptions = {}) => ApiProperty({ type: String, format: 'date-time', nullable: true, ...options } as ApiPropertyOptions);
export const StrList = (options: ApiPropertyOptions = {}) => ApiProperty({ type: [String], ...options } as ApiPropertyOptions);
