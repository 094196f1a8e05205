import type { EntityManager } from '@mikro-orm/postgresql';
import type { CommentThreadView, NoteAnchorView, NoteReplyView, NoteWriterView, SuggestionView } from '../../../../libs/contracts/index.ts';
import { Profile, User, type ManuscriptComment, type ManuscriptReply, type ManuscriptSuggestion } from '../../../../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, locateAnchor, teamMemberPublicName, type NoteAnchor, type ChapterEditorRole } from '../../../../libs/domain/index.ts';

/** Who reads the notes: the book's author or a team member. */
export interface NoteViewer {
  id: string;
  role: ChapterEditorRole;
}

type Anchored = Pick<ManuscriptComment, 'quote' | 'anchorStart' | 'anchorEnd' | 'prefix' | 'suffix' | 'baseVersion'>;
export const anchorOf = (row: Anchored): NoteAnchor => ({ quote: row.quote, start: row.anchorStart, end: row.anchorEnd, prefix: row.prefix, suffix: row.suffix });

export function anchorView(row: Anchored, text: string): NoteAnchorView {
  const current = locateAnchor(text, anchorOf(row));
  return { quote: row.quote, start: row.anchorStart, end: row.anchorEnd, base_version: row.baseVersion, current, detached: current === null };
}

/** How the people named in some notes are shown to one reader. */
export type NoteNames = (role: ChapterEditorRole, userId: string | null | undefined) => NoteWriterView;

/**
 * The names a reader sees: an author sees a team member's public name (teamMemberPublicName: their display name, or
 * "Pressroom team"), never an address; the team sees a member's display name, else their e-mail. The author is shown
 * by their profile's name (else their e-mail to the team), and the reader's own notes say so.
 */
export async function noteNames(em: EntityManager, viewer: NoteViewer, userIds: (string | null | undefined)[]): Promise<NoteNames> {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  const users = new Map(ids.length ? (await em.find(User, { id: { $in: ids } })).map((u) => [u.id, u]) : []);
  const profiles = new Map(ids.length ? (await em.find(Profile, { user: { $in: ids } })).map((p) => [p.user.id, p]) : []);
  return (role, userId) => {
    const user = userId ? users.get(userId) : undefined;
    const you = Boolean(userId) && userId === viewer.id;
    if (role === 'team') {
      const name = teamMemberPublicName(user);
      return { role, you, name: viewer.role === 'author' || name !== DEFAULT_TEAM_DISPLAY_NAME ? name : (user?.email ?? name) };
    }
    const fullName = userId ? profiles.get(userId)?.fullName?.trim() : undefined;
    return { role, you, name: fullName || (viewer.role === 'team' ? user?.email : null) || 'The author' };
  };
}

export const replyView = (reply: ManuscriptReply, names: NoteNames): NoteReplyView => ({
  id: reply.id,
  body: reply.body,
  by: names(reply.writerRole, reply.writer?.id),
  created_at: reply.createdAt.toISOString(),
});

export function threadView(comment: ManuscriptComment, replies: ManuscriptReply[], text: string, names: NoteNames): CommentThreadView {
  return {
    id: comment.id,
    chapter: comment.chapter,
    anchor: anchorView(comment, text),
    body: comment.body,
    by: names(comment.writerRole, comment.writer?.id),
    created_at: comment.createdAt.toISOString(),
    replies: replies.map((r) => replyView(r, names)),
    resolved: comment.resolvedAt !== null && comment.resolvedAt !== undefined,
    resolved_at: comment.resolvedAt?.toISOString() ?? null,
    resolved_by: comment.resolvedAt && comment.resolvedByRole ? names(comment.resolvedByRole, comment.resolvedBy?.id) : null,
  };
}

export function suggestionView(s: ManuscriptSuggestion, text: string, names: NoteNames): SuggestionView {
  return {
    id: s.id,
    chapter: s.chapter,
    anchor: anchorView(s, text),
    replacement: s.replacement,
    note: s.note ?? null,
    by: names(s.writerRole, s.writer?.id),
    created_at: s.createdAt.toISOString(),
    status: s.status,
    decided_at: s.decidedAt?.toISOString() ?? null,
    // Only the author decides.
    decided_by: s.decidedAt ? names('author', s.decidedBy?.id) : null,
    applied_version: s.appliedVersion ?? null,
  };
}
