import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type ChapterVersion } from '../../../../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, teamMemberPublicName, type ChapterEditorRole } from '../../../../libs/domain/index.ts';

type Made = Pick<ChapterVersion, 'source' | 'by' | 'byUserId' | 'byRole'>;
/** Who made a version, as the one reading the versions is told. */
export type VersionAuthor = (version: Made) => string | null;

// A revised manuscript is the team's work too: older rows name the member by e-mail only, and are found by it.
const byTeam = (v: Made) => v.byRole === 'team' || v.source === 'revision';
const byAddress = (v: Made) => (byTeam(v) && !v.byUserId && v.by?.includes('@') ? [v.by] : []);

/**
 * The names the versions are shown with. An author reads a team member's public name (their display name, or
 * "Pressroom team"), never an address; the team reads a member's display name, else their e-mail. Everything else
 * (the author's own saves, a model's writing) reads as it was recorded.
 */
export async function versionAuthors(em: EntityManager, versions: readonly Made[], viewer: ChapterEditorRole): Promise<VersionAuthor> {
  const ids = [...new Set(versions.filter(byTeam).flatMap((v) => (v.byUserId ? [v.byUserId] : [])))];
  const addresses = [...new Set(versions.flatMap(byAddress))];
  const found = ids.length || addresses.length ? await em.find(User, { $or: [{ id: { $in: ids } }, { email: { $in: addresses } }] }) : [];
  const members = new Map(found.flatMap((u) => [[u.id, u] as const, ...(u.email ? [[u.email, u] as const] : [])]));
  return (v) => {
    if (!byTeam(v)) return v.by ?? null;
    const member = members.get(v.byUserId ?? v.by ?? '');
    const name = teamMemberPublicName(member);
    if (viewer === 'author') return name;
    return name !== DEFAULT_TEAM_DISPLAY_NAME ? name : (member?.email ?? v.by ?? name);
  };
}
