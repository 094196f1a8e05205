import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_PREFERENCES, deliveryOf, eliteEventMailClass, eliteMailSubjectKey, mailCategoriesFor, mailPreferences, MUST_KNOW, printStatusMailClass } from './mail-preferences.ts';

describe('mail preferences', () => {
  it('sends must-know mail at once whatever is chosen, and news as chosen', () => {
    const off = { print_progress: 'off', elite_progress: 'off', elite_team: 'off' } as const;
    expect(deliveryOf(MUST_KNOW, off)).toBe('now');
    expect(deliveryOf('print_progress', off)).toBe('off');
    expect(deliveryOf('print_progress', DEFAULT_MAIL_PREFERENCES)).toBe('digest');
    expect(deliveryOf('elite_team', DEFAULT_MAIL_PREFERENCES)).toBe('now');
  });

  it('classes a print order: the payment asked for, the shipment and failures at once; the progress is news', () => {
    expect((['unpaid', 'shipped', 'failed', 'error', 'cancelled'] as const).map(printStatusMailClass)).toEqual(Array(5).fill(MUST_KNOW));
    expect((['paid', 'submitted', 'processing', 'production', 'delivered'] as const).map(printStatusMailClass)).toEqual(Array(5).fill('print_progress'));
  });

  it("classes an Elite request's events for the author and for the team", () => {
    expect(['received', 'quote_sent', 'proof_sent', 'proof_reminder', 'shipped', 'cancelled'].map((kind) => eliteEventMailClass(kind as never, 'author'))).toEqual(Array(6).fill(MUST_KNOW));
    expect(['paid', 'step_started', 'step_finished', 'book_rebuilt', 'printing_started', 'completed'].map((kind) => eliteEventMailClass(kind as never, 'author'))).toEqual(Array(6).fill('elite_progress'));
    expect(eliteEventMailClass('quote_accepted', 'team')).toBe('elite_team');
    expect(eliteEventMailClass('sla_breached', 'team')).toBe(MUST_KNOW);
  });

  it('keys an Elite mail by what it is about: one rebuilt run, one proof round, one step', () => {
    expect(eliteMailSubjectKey('book_rebuilt', 'e1', 'cover_design', { run: 4, pageCount: 42 })).toBe(eliteMailSubjectKey('book_rebuilt', 'e2', 'editing', { run: 4 }));
    expect(eliteMailSubjectKey('book_rebuilt', 'e1', null, { run: 4, error: 'Typst failed' })).toBe('book_rebuilt:e1');
    expect(eliteMailSubjectKey('proof_sent', 'e1', 'proof', { round: 2 })).not.toBe(eliteMailSubjectKey('proof_sent', 'e2', 'proof', { round: 1 }));
    expect(eliteMailSubjectKey('proof_reminder', 'e1', 'proof', { round: 1 })).not.toBe(eliteMailSubjectKey('proof_reminder', 'e2', 'proof', { round: 1 }));
  });

  it('keeps stored choices over the defaults and ignores anything else; the team category only for the team', () => {
    expect(mailPreferences({ print_progress: 'now', elite_team: 'sometimes', other: 'off' })).toEqual({ ...DEFAULT_MAIL_PREFERENCES, print_progress: 'now' });
    expect(mailCategoriesFor('user')).toEqual(['print_progress', 'elite_progress']);
    expect(mailCategoriesFor('elite_team')).toEqual(['print_progress', 'elite_progress', 'elite_team']);
  });
});
