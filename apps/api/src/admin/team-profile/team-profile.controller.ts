import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TeamProfileView } from '../../../../../libs/contracts/index.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { TeamDisplayNameDto } from './team-profile.dto.ts';
import { TeamNamesService } from './team-names.service.ts';

/** The back office's own profile page: a team member sets the name authors see of them. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/profile')
@Roles('elite_team', 'admin')
export class TeamProfileController {
  constructor(private readonly names: TeamNamesService) {}

  @Get()
  @ApiOperation({ summary: "The caller's team profile: address, role, display name and the name authors see" })
  profile(@CurrentUser() caller: AuthUser): Promise<TeamProfileView> {
    return this.names.profile(caller.id);
  }

  @Put()
  @ApiOperation({ summary: 'Sets the name authors see of the caller (null: the team default). Authors never see a team address.' })
  async rename(@CurrentUser() caller: AuthUser, @Body() dto: TeamDisplayNameDto): Promise<TeamProfileView> {
    await this.names.rename(caller.id, dto.display_name ?? null);
    return this.names.profile(caller.id);
  }
}
