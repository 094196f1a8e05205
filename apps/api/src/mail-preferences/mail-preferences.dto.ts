import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { MAIL_DELIVERIES, MailPreferenceMessages, type MailDeliveryChoice } from '../../../../libs/domain/index.ts';
import type { UpdateMailPreferencesBody } from '../../../../libs/contracts/index.ts';
import { Optional } from '../common/validation.ts';

/** A choice per kind of news; categories left out keep their choice. */
export class UpdateMailPreferencesDto implements UpdateMailPreferencesBody {
  @ApiPropertyOptional({ enum: MAIL_DELIVERIES })
  @Optional()
  @IsIn(MAIL_DELIVERIES, { message: MailPreferenceMessages.choice('print_progress') })
  print_progress?: MailDeliveryChoice;

  @ApiPropertyOptional({ enum: MAIL_DELIVERIES })
  @Optional()
  @IsIn(MAIL_DELIVERIES, { message: MailPreferenceMessages.choice('elite_progress') })
  elite_progress?: MailDeliveryChoice;

  @ApiPropertyOptional({ enum: MAIL_DELIVERIES, description: 'Elite team and admins only' })
  @Optional()
  @IsIn(MAIL_DELIVERIES, { message: MailPreferenceMessages.choice('elite_team') })
  elite_team?: MailDeliveryChoice;
}
