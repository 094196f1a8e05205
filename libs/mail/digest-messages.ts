import { digestSubject, MAIL_CATEGORY_INFO, type MailCategory } from '../domain/index.ts';
import { compose, type MailBody } from './messages.ts';

export interface DigestItem {
  category: string;
  subject: string;
  queuedAt: Date;
}

/** One message with the news a person chose to hear of in a digest, grouped by kind, oldest first. */
export function mailDigest(items: readonly DigestItem[], links: { dashboardUrl: string; preferencesUrl: string }): MailBody {
  const groups = new Map<string, DigestItem[]>();
  for (const item of [...items].sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime())) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  const label = (category: string) => MAIL_CATEGORY_INFO[category as MailCategory]?.label ?? 'News';
  const paragraphs = [...groups].map(([category, news]) => [`${label(category)}:`, ...news.map((n) => `- ${n.subject} (${n.queuedAt.toUTCString()})`)].join('\n'));
  return compose(digestSubject(items.length), ['Here is what happened since your last digest.', ...paragraphs, 'You choose what comes at once, in this digest or not at all on your mail preferences page.'], [], [
    { label: 'Your dashboard', url: links.dashboardUrl },
    { label: 'Mail preferences', url: links.preferencesUrl },
  ]);
}
