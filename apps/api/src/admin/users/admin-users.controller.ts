import { Body, Controller, ForbiddenException, Get, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import type { AdminUserView } from '../../../../../libs/contracts/index.ts';
import { ROLES, TEAM_DISPLAY_NAME_MAX_LENGTH, TeamMessages, type Role } from '../../../../../libs/domain/index.ts';
import { CurrentUser, Roles } from '../../common/auth.decorators.ts';
import type { AuthUser } from '../../common/auth.types.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import { Optional } from '../../common/validation.ts';
import { AdminUsersService, USER_SORTABLE } from './admin-users.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

class AdminUpdateUserDto {
  @ApiPropertyOptional({ enum: ROLES })
  @Optional()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TEAM_DISPLAY_NAME_MAX_LENGTH, description: 'The name authors see of a team member; null for the default' })
  @IsOptional()
  @MaxLength(TEAM_DISPLAY_NAME_MAX_LENGTH * 4, { message: TeamMessages.displayNameTooLong })
  @IsString({ message: TeamMessages.displayNameRequired })
  display_name?: string | null;
}

/** Users with their profiles for the back office (react-admin simple-rest). Reading: Elite team and admins; changes (role, display name): admins. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/users')
@Roles('elite_team', 'admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<AdminUserView[]> {
    const parsed = parseListQuery(query, Object.keys(USER_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.users.list(parsed);
    setContentRange(res, 'users', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<AdminUserView> {
    return this.users.show(id);
  }

  @Put(':id')
  @Roles('admin')
  async update(@UuidParam() id: string, @Body() dto: AdminUpdateUserDto, @CurrentUser() caller: AuthUser): Promise<AdminUserView> {
    if (id === caller.id && dto.role !== undefined && dto.role !== caller.role) throw new ForbiddenException(TeamMessages.ownRole);
    return this.users.update(id, dto);
  }
}
