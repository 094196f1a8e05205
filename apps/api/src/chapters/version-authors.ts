import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type ChapterVersion } from '../../../../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, teamMemberPublicName, type ChapterEditorRole } from '../../../../libs/domain/index.ts';

type Made = Pick<ChapterVersion, 'source' | 'by' | 'byUserId' | 'byRole'>;
/** Who made a version, as the one reading the versions is told. */
export type VersionAuthor = (version: Made) => string | null;

// A revised manuscript is the team's work too: older rows name the member by e-mail only.
const byTeam = (v: Made) => v.byRole === 'team' || v.source === 'revision';

/**
 * The names the versions are shown with. An author reads a team member's public name (their display name, or
 * "Pressroom team"), never an address; the team reads a member's display name, else their e-mail. Everything else
 * (the author's own saves, a model's writing) reads as it was recorded.
 */
export async function versionAuthors(em: EntityManager, versions: readonly Made[], viewer: ChapterEditorRole): Promise<VersionAuthor> {
  const ids = [...new Set(versions.filter(byTeam).flatMap((v) => (v.byUserId ? [v.byUserId] : [])))];
  const members = new Map(ids.length ? (await em.find(User, { id: { $in: ids } })).map((u) => [u.id, u]) : []);
  return (v) => {
    if (!byTeam(v)) return v.by ?? null;
    const member = v.byUserId ? members.get(v.byUserId) : undefined;
    const name = teamMemberPublicName(member);
    if (viewer === 'author') return name;
    return name !== DEFAULT_TEAM_DISPLAY_NAME ? name : (member?.email ?? v.by ?? name);
  };
}
