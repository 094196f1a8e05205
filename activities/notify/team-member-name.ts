import type { EntityManager } from '@mikro-orm/core';
import { User } from '../../libs/db/index.ts';
import { normalizeEmail, teamMemberPublicName } from '../../libs/domain/index.ts';

/**
 * The name an author's mail gives the team member who made an event (libs/domain/team.ts), never their address; null
 * when the workflow made it or the author did (`authorAddresses`).
 */
export async function actingTeamMember(em: EntityManager, by: string | null, authorAddresses: readonly (string | null | undefined)[]): Promise<string | null> {
  if (!by) return null;
  const address = normalizeEmail(by);
  if (authorAddresses.some((a) => a && normalizeEmail(a) === address)) return null;
  return teamMemberPublicName(await em.findOne(User, { email: address }));
}
