import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Response } from 'express';
import { ROLES, type Role } from '../../../../../libs/domain/index.ts';
import { Roles } from '../../common/auth.decorators.ts';
import { UuidParam } from '../../common/uuid.pipe.ts';
import type { ProfileView } from '../../profile/profile.module.ts';
import { AdminUsersService, USER_SORTABLE } from './admin-users.service.ts';
import { parseListQuery, setContentRange } from '../simple-rest.ts';

class UpdateRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role!: Role;
}

/** Users with their profiles for the back office (react-admin simple-rest). Reading: Elite team and admins; role changes: admins. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/users')
@Roles('elite_team', 'admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<ProfileView[]> {
    const parsed = parseListQuery(query, Object.keys(USER_SORTABLE), { field: 'created_at', order: 'DESC' });
    const { views, total } = await this.users.list(parsed);
    setContentRange(res, 'users', parsed.offset, views.length, total);
    return views;
  }

  @Get(':id')
  async show(@UuidParam() id: string): Promise<ProfileView> {
    return this.users.show(id);
  }

  @Put(':id')
  @Roles('admin')
  async updateRole(@UuidParam() id: string, @Body() dto: UpdateRoleDto): Promise<ProfileView> {
    return this.users.changeRole(id, dto.role);
  }
}
