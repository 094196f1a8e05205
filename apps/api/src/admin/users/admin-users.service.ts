import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminUserView } from '../../../../../libs/contracts/index.ts';
import { Profile } from '../../../../../libs/db/index.ts';
import { isUuid, teamMemberPublicName, type Role } from '../../../../../libs/domain/index.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { toProfileView } from '../../profile/profile.module.ts';
import { TeamNamesService } from '../team-profile/team-names.service.ts';
import type { ListQuery } from '../simple-rest.ts';

export const USER_SORTABLE = { email: 'email', role: 'role', created_at: 'createdAt', books_generated: 'booksGenerated', total_cost: 'totalCost', full_name: 'fullName' } as const;

/** A user's profile as the back office lists it: with the name authors see when they work on the team. */
const adminUserView = (profile: Profile): AdminUserView => ({ ...toProfileView(profile), display_name: profile.user.displayName ?? null, public_name: teamMemberPublicName(profile.user) });

/** Users with their profiles for the back office, and an admin's change of a user's role or display name. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly names: TeamNamesService,
  ) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: AdminUserView[]; total: number }> {
    const where: FilterQuery<Profile> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { fullName: { $ilike: like } }];
    if (typeof filter.role === 'string') where.role = filter.role as Role;
    if (Array.isArray(filter.id)) where.user = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(Profile, where, {
      orderBy: { [USER_SORTABLE[sort.field as keyof typeof USER_SORTABLE]]: sort.order.toLowerCase() as 'asc' | 'desc', user: 'asc' },
      offset,
      limit,
      populate: ['user'],
    });
    return { views: rows.map(adminUserView), total };
  }

  async show(id: string): Promise<AdminUserView> {
    return adminUserView(await this.em.findOneOrFail(Profile, { user: id }, { populate: ['user'] }));
  }

  async update(id: string, change: { role?: Role; display_name?: string | null }): Promise<AdminUserView> {
    const profile = await this.em.findOneOrFail(Profile, { user: id });
    if (change.display_name !== undefined) await this.names.rename(id, change.display_name);
    if (change.role !== undefined) profile.role = change.role;
    await this.em.flush();
    return this.show(id);
  }
}
