import { EntityManager } from '@mikro-orm/postgresql';
import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Profile } from '../../../../libs/db/index.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { CurrentUser } from '../auth/public.decorator.ts';
import { UpdateProfileDto } from './profile.dto.ts';
import { toProfileView, type ProfileView } from './profile.view.ts';

/** The caller's own profile; there is no way to name another user's here. */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('profile')
export class ProfileController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  async get(@CurrentUser() user: AuthUser): Promise<ProfileView> {
    return toProfileView(await this.em.findOneOrFail(Profile, { user: user.id }));
  }

  @Patch()
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileView> {
    const profile = await this.em.findOneOrFail(Profile, { user: user.id });
    if (dto.full_name !== undefined) profile.fullName = dto.full_name;
    if (dto.phone !== undefined) profile.phone = dto.phone;
    if (dto.onboarding_completed !== undefined) profile.onboardingCompleted = dto.onboarding_completed;
    if (dto.marketing_emails_enabled !== undefined) profile.marketingEmailsEnabled = dto.marketing_emails_enabled;
    await this.em.flush();
    return toProfileView(profile);
  }
}
