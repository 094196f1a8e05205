import { describe, expect, it } from 'vitest';
import { DEFAULT_TEAM_DISPLAY_NAME, teamMemberPublicName } from '../domain/index.ts';
import { eliteEventFacts } from '../../testing/elite-event-facts.ts';
import { eliteAuthorUpdate } from './elite-messages.ts';

const facts = eliteEventFacts({ by: 'sam.private@example.com', step: 'editing', teamMember: 'Sam from Pressroom' });

describe("the author's Elite mail names the team member as authors may know them", () => {
  it.each(['quote_sent', 'step_started', 'step_finished'] as const)('%s: by display name, never by address', (kind) => {
    const mail = eliteAuthorUpdate({ ...facts, kind });
    expect(mail.text).toContain('Sam from Pressroom');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('sam.private@example.com');
  });

  it('says "Our team" when the workflow did it', () => {
    expect(eliteAuthorUpdate({ ...facts, kind: 'step_started', by: null, teamMember: null }).text).toContain('Our team started work on your book');
  });
});

describe('teamMemberPublicName', () => {
  it('is the display name, or the team’s when there is none or it looks like an address', () => {
    expect(teamMemberPublicName({ displayName: '  Sam from Pressroom ' })).toBe('Sam from Pressroom');
    expect(teamMemberPublicName({ displayName: null })).toBe(DEFAULT_TEAM_DISPLAY_NAME);
    expect(teamMemberPublicName({ displayName: 'sam@example.com' })).toBe(DEFAULT_TEAM_DISPLAY_NAME);
    expect(teamMemberPublicName(null)).toBe(DEFAULT_TEAM_DISPLAY_NAME);
  });
});
