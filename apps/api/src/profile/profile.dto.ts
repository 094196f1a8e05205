import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { Optional } from '../common/validation.ts';

/** The profile fields a person may change themselves (role, counters and subscription are not among them). */
export class UpdateProfileDto {
  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'full_name must be text' })
  @MaxLength(200, { message: 'full_name must be 200 characters or less' })
  full_name?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'phone must be text' })
  @MaxLength(32, { message: 'phone must be 32 characters or less' })
  phone?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'onboarding_completed must be true or false' })
  onboarding_completed?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean({ message: 'marketing_emails_enabled must be true or false' })
  marketing_emails_enabled?: boolean;
}
