import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Response } from 'express';
import { Profile } from '../../../../libs/db/index.ts';
import { isUuid, ROLES, type Role } from '../../../../libs/domain/index.ts';
import { Roles } from '../auth/public.decorator.ts';
import { toProfileView, type ProfileView } from '../profile/profile.view.ts';
import { ilikePattern } from '../common/ilike.ts';
import { parseListQuery, setContentRange } from './simple-rest.ts';

class UpdateRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role!: Role;
}

const SORTABLE = { email: 'email', role: 'role', created_at: 'createdAt', books_generated: 'booksGenerated', total_cost: 'totalCost', full_name: 'fullName' } as const;

/** Users with their profiles for the back office (react-admin simple-rest). Reading: Elite team and admins; role changes: admins. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/users')
@Roles('elite_team', 'admin')
export class AdminUsersController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  async list(@Query() query: { sort?: string; range?: string; filter?: string }, @Res({ passthrough: true }) res: Response): Promise<ProfileView[]> {
    const { sort, offset, limit, filter } = parseListQuery(query, Object.keys(SORTABLE), { field: 'created_at', order: 'DESC' });
    const where: FilterQuery<Profile> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { fullName: { $ilike: like } }];
    if (typeof filter.role === 'string') where.role = filter.role as Role;
    if (Array.isArray(filter.id)) where.user = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(Profile, where, {
      orderBy: { [SORTABLE[sort.field as keyof typeof SORTABLE]]: sort.order.toLowerCase() as 'asc' | 'desc', user: 'asc' },
      offset,
      limit,
    });
    setContentRange(res, 'users', offset, rows.length, total);
    return rows.map(toProfileView);
  }

  @Get(':id')
  async show(@Param('id', ParseUUIDPipe) id: string): Promise<ProfileView> {
    return toProfileView(await this.em.findOneOrFail(Profile, { user: id }));
  }

  @Put(':id')
  @Roles('admin')
  async updateRole(@Param('id', ParseUUIDPipe) id: string, @Body() dto: UpdateRoleDto): Promise<ProfileView> {
    const profile = await this.em.findOneOrFail(Profile, { user: id });
    profile.role = dto.role;
    await this.em.flush();
    return toProfileView(profile);
  }
}
