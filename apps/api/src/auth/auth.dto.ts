import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** E-mail or phone plus password; which of them is present is checked by the service (one message for both). */
export class CredentialsDto {
  @ApiPropertyOptional({ example: 'author@example.com' })
  @IsOptional()
  @ValidateIf((_, value) => value !== '')
  @IsEmail({}, { message: AuthMessages.invalidEmail })
  @MaxLength(254, { message: AuthMessages.invalidEmail })
  email?: string;

  @ApiPropertyOptional({ example: '+15555550100' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone?: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsOptional()
  @IsString({ message: AuthMessages.credentialsRequired })
  @MaxLength(256)
  password?: string;
}

export class SignUpDto extends CredentialsDto {
  @ApiPropertyOptional({ description: 'Profile fields to set at sign-up, e.g. { "full_name": "Ada Lovelace" }' })
  @IsOptional()
  @IsObject()
  data?: { full_name?: string; marketing_emails_enabled?: boolean };
}

export class TokenDto extends CredentialsDto {
  @ApiPropertyOptional({ description: 'For grant_type=refresh_token' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  refresh_token?: string;
}

export class GrantTypeQuery {
  @ApiProperty({ enum: ['password', 'refresh_token'] })
  @IsIn(['password', 'refresh_token'], { message: AuthMessages.unsupportedGrantType })
  grant_type!: 'password' | 'refresh_token';
}

export class LogoutQuery {
  @ApiPropertyOptional({ enum: ['local', 'global', 'others'], default: 'local' })
  @IsOptional()
  @IsIn(['local', 'global', 'others'], { message: 'scope must be local, global or others' })
  scope?: 'local' | 'global' | 'others';
}

/** Profile fields PUT /api/auth/user may change. */
export class UserDataDto {
  @ApiPropertyOptional({ nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  full_name?: string | null;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'A new e-mail: applied only once the link sent to it is followed' })
  @Optional()
  @IsEmail({}, { message: AuthMessages.invalidEmail })
  @MaxLength(254, { message: AuthMessages.invalidEmail })
  email?: string;

  @ApiPropertyOptional({ description: 'A new password' })
  @Optional()
  @IsString()
  @MaxLength(256)
  password?: string;

  @ApiPropertyOptional({ description: 'To change the password or the e-mail: the current password, or else `nonce`' })
  @Optional()
  @IsString({ message: AuthMessages.currentPasswordRequired })
  @MaxLength(256)
  current_password?: string;

  @ApiPropertyOptional({ description: 'To change the password or the e-mail: the code GET /api/auth/reauthenticate mailed (the only way for an account without a password)' })
  @Optional()
  @IsString({ message: AuthMessages.reauthenticationCodeWrong })
  @MaxLength(20, { message: AuthMessages.reauthenticationCodeWrong })
  nonce?: string;

  @ApiPropertyOptional({ type: UserDataDto })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => UserDataDto)
  data?: UserDataDto;
}

export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the link e-mailed to the new address' })
  @IsString({ message: AuthMessages.invalidVerificationToken })
  @MaxLength(200, { message: AuthMessages.invalidVerificationToken })
  token!: string;
}

export class RecoverDto {
  @ApiProperty({ example: 'author@example.com' })
  @IsEmail({}, { message: AuthMessages.invalidEmail })
  @MaxLength(254, { message: AuthMessages.invalidEmail })
  email!: string;
}

export class RecoverConfirmDto {
  @ApiProperty({ description: 'The token from the link mailed by POST /api/auth/recover' })
  @IsString({ message: AuthMessages.invalidRecoveryToken })
  @MaxLength(200, { message: AuthMessages.invalidRecoveryToken })
  token!: string;

  @ApiProperty({ description: 'The new password (the sign-up rules apply)' })
  @IsString({ message: AuthMessages.passwordTooShort })
  @MaxLength(256)
  password!: string;
}
