import type { EntityManager } from '@mikro-orm/postgresql';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import { User, type EliteRequest } from '../../../../libs/db/index.ts';
import { normalizeEmail, teamMemberPublicName } from '../../../../libs/domain/index.ts';

/**
 * The author's views with every team member named as authors may know them (libs/domain/team.ts), never by their
 * address: the timeline's actors (the member who took the request on, for an assignment), the quote's and the proofs'
 * senders. The author's own entries keep their address, which the page reads as "You". `rows[i]` is `views[i]`'s row.
 */
export async function withTeamNames(em: EntityManager, rows: readonly EliteRequest[], views: EliteRequestView[]): Promise<EliteRequestView[]> {
  const addresses = new Set<string>();
  for (const view of views) {
    for (const event of view.timeline) {
      if (event.by) addresses.add(normalizeEmail(event.by));
      if (event.kind === 'assigned' && event.note) addresses.add(normalizeEmail(event.note));
    }
    if (view.quote) addresses.add(normalizeEmail(view.quote.sent_by));
    for (const proof of view.proofs) addresses.add(normalizeEmail(proof.sent_by));
  }
  const users = addresses.size ? await em.find(User, { email: { $in: [...addresses] } }) : [];
  const byAddress = new Map(users.map((user) => [user.email as string, user]));

  return views.map((view, i) => {
    const authorId = rows[i]?.user.id;
    const isAuthor = (address: string) => normalizeEmail(address) === normalizeEmail(view.user_email) || byAddress.get(normalizeEmail(address))?.id === authorId;
    const name = (address: string) => teamMemberPublicName(byAddress.get(normalizeEmail(address)));
    const actor = (address: string | null) => (address === null || isAuthor(address) ? address : name(address));
    return {
      ...view,
      quote: view.quote ? { ...view.quote, sent_by: name(view.quote.sent_by) } : null,
      proofs: view.proofs.map((proof) => ({ ...proof, sent_by: name(proof.sent_by) })),
      // An assignment is told as who took the request on; the address it carried as its note goes.
      timeline: view.timeline.map((event) => (event.kind === 'assigned' ? { ...event, by: event.note ? name(event.note) : actor(event.by), note: null } : { ...event, by: actor(event.by) })),
    };
  });
}
