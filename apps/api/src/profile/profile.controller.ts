import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser } from '../common/auth.decorators.ts';
import { UpdateProfileDto } from './profile.dto.ts';
import { ProfileService } from './profile.service.ts';
import type { ProfileView } from './profile.view.ts';

/** The caller's own profile; there is no way to name another user's here. */
@ApiTags('profile')
@ApiBearerAuth()
@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  get(@CurrentUser() user: AuthUser): Promise<ProfileView> {
    return this.profiles.get(user.id);
  }

  @Patch()
  update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileView> {
    return this.profiles.update(user.id, dto);
  }
}
