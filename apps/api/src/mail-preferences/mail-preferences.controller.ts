import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { MailPreferencesView } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { UpdateMailPreferencesDto } from './mail-preferences.dto.ts';
import { MailPreferencesService } from './mail-preferences.service.ts';

/** The caller's own mail preferences (authors and the team alike); there is no way to name another user's. */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('profile/mail-preferences')
export class MailPreferencesController {
  constructor(private readonly preferences: MailPreferencesService) {}

  @Get()
  get(@CurrentUser() user: AuthUser): Promise<MailPreferencesView> {
    return this.preferences.get(user.id, user.role);
  }

  @Put()
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateMailPreferencesDto): Promise<MailPreferencesView> {
    return this.preferences.update(user.id, user.role, dto);
  }
}
