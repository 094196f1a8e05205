import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Profile } from '../../../../libs/db/index.ts';
import type { UpdateProfileDto } from './profile.dto.ts';
import { toProfileView, type ProfileView } from './profile.view.ts';

/** The caller's own profile: read it, and change what the author may change of it. */
@Injectable()
export class ProfileService {
  constructor(private readonly em: EntityManager) {}

  async get(userId: string): Promise<ProfileView> {
    return toProfileView(await this.em.findOneOrFail(Profile, { user: userId }));
  }

  async update(userId: string, dto: UpdateProfileDto): Promise<ProfileView> {
    const profile = await this.em.findOneOrFail(Profile, { user: userId });
    if (dto.full_name !== undefined) profile.fullName = dto.full_name;
    if (dto.phone !== undefined) profile.phone = dto.phone;
    if (dto.onboarding_completed !== undefined) profile.onboardingCompleted = dto.onboarding_completed;
    if (dto.marketing_emails_enabled !== undefined) profile.marketingEmailsEnabled = dto.marketing_emails_enabled;
    await this.em.flush();
    return toProfileView(profile);
  }
}
