import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { TeamProfileView } from '../../../../../libs/contracts/index.ts';
import { Profile, User } from '../../../../../libs/db/index.ts';
import { teamDisplayNameProblem, teamMemberPublicName } from '../../../../../libs/domain/index.ts';

/** Team members' display names: what authors see of them instead of their addresses (libs/domain/team.ts). */
@Injectable()
export class TeamNamesService {
  constructor(private readonly em: EntityManager) {}

  async profile(userId: string): Promise<TeamProfileView> {
    const profile = await this.em.findOneOrFail(Profile, { user: userId }, { populate: ['user'] });
    return {
      id: userId,
      email: profile.user.email ?? null,
      role: profile.role,
      display_name: profile.user.displayName ?? null,
      public_name: teamMemberPublicName(profile.user),
    };
  }

  /** Sets (trimmed) or clears (null or blank) a user's display name; a name authors could not be shown is a 400. */
  async rename(userId: string, name: string | null): Promise<void> {
    const trimmed = name?.trim() || null;
    const problem = trimmed === null ? undefined : teamDisplayNameProblem(trimmed);
    if (problem) throw new BadRequestException({ message: problem, details: [{ field: 'display_name', messages: [problem] }] });
    const user = await this.em.findOneOrFail(User, { id: userId });
    user.displayName = trimmed;
    await this.em.flush();
  }
}
