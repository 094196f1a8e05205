import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Profile } from '../../../../../libs/db/index.ts';
import { isUuid, type Role } from '../../../../../libs/domain/index.ts';
import { ilikePattern } from '../../common/ilike.ts';
import { toProfileView, type ProfileView } from '../../profile/profile.module.ts';
import type { ListQuery } from '../simple-rest.ts';

export const USER_SORTABLE = { email: 'email', role: 'role', created_at: 'createdAt', books_generated: 'booksGenerated', total_cost: 'totalCost', full_name: 'fullName' } as const;

/** Users with their profiles for the back office, and the change of a user's role. */
@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  async list({ sort, offset, limit, filter }: ListQuery): Promise<{ views: ProfileView[]; total: number }> {
    const where: FilterQuery<Profile> = {};
    const like = ilikePattern(filter.q);
    if (like) where.$or = [{ email: { $ilike: like } }, { fullName: { $ilike: like } }];
    if (typeof filter.role === 'string') where.role = filter.role as Role;
    if (Array.isArray(filter.id)) where.user = { $in: filter.id.map(String).filter(isUuid) };
    const [rows, total] = await this.em.findAndCount(Profile, where, {
      orderBy: { [USER_SORTABLE[sort.field as keyof typeof USER_SORTABLE]]: sort.order.toLowerCase() as 'asc' | 'desc', user: 'asc' },
      offset,
      limit,
    });
    return { views: rows.map(toProfileView), total };
  }

  async show(id: string): Promise<ProfileView> {
    return toProfileView(await this.em.findOneOrFail(Profile, { user: id }));
  }

  async changeRole(id: string, role: Role): Promise<ProfileView> {
    const profile = await this.em.findOneOrFail(Profile, { user: id });
    profile.role = role;
    await this.em.flush();
    return toProfileView(profile);
  }
}
