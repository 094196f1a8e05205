import { describe, expect, it } from 'vitest';
import { OutlineMessages } from '../domain/index.ts';
import type { OutlineChapter } from './entities/index.ts';
import { OutlineEditRefused, planOutlineEdit, type EditedChapter } from './outline-edit.ts';

const current: OutlineChapter[] = [1, 2, 3].map((n) => ({ number: n, title: `Chapter ${n}`, description: `About ${n}`, key_points: [`Point ${n}`], target_words: 4000 }));
const kept = (n: number, patch: Partial<EditedChapter> = {}): EditedChapter => ({ title: `Chapter ${n}`, description: `About ${n}`, key_points: [`Point ${n}`], target_words: 4000, from: n, ...patch });

function refusal(edit: EditedChapter[]): OutlineEditRefused {
  try {
    planOutlineEdit(current, edit, 'mock');
  } catch (error) {
    if (error instanceof OutlineEditRefused) return error;
  }
  throw new Error('the edit was taken');
}

describe('planOutlineEdit', () => {
  it('numbers the edited chapters in their new order and names the ones left out', () => {
    const plan = planOutlineEdit(current, [kept(3, { title: 'Now First' }), kept(1), { title: 'New', description: '', key_points: [], target_words: 2000, from: null }], 'mock');
    expect(plan.outline.map((c) => [c.number, c.title, c.target_words])).toEqual([[1, 'Now First', 4000], [2, 'Chapter 1', 4000], [3, 'New', 2000]]);
    expect(plan.outline[0]).toMatchObject({ description: 'About 3', key_points: ['Point 3'] });
    expect(plan.removed).toEqual([2]);
  });

  it('refuses a chapter the outline no longer has as stale, and an outline over the limits as invalid', () => {
    expect(refusal([kept(1), kept(2), kept(3), kept(4)])).toMatchObject({ reason: 'stale', message: OutlineMessages.fromUnknown(4, 3) });
    expect(refusal([kept(1), kept(2)])).toMatchObject({ reason: 'invalid', message: OutlineMessages.bookTotal(8000) });
    expect(refusal([kept(1, { title: ' ' }), kept(2), kept(3)])).toMatchObject({ reason: 'invalid', message: OutlineMessages.titleRequired });
    expect(refusal([kept(1), kept(1), kept(3)])).toMatchObject({ reason: 'invalid', message: OutlineMessages.fromTwice(1) });
  });
});
