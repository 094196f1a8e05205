import { describe, expect, it } from 'vitest';
import { EditingMessages } from '../../../libs/domain/index.ts';
import { ApiError } from './client.ts';
import { rebuildFormats, saveProblem } from './editing.ts';

describe('rebuildFormats', () => {
  it('rebuilds the files the book has, its cover too (the spine follows the new page count, in the same design)', () => {
    expect(rebuildFormats({ pdf: '/p', epub: '/e', zip: '/z', 'cover-pdf': '/c', 'cover-png': '/c.png' })).toEqual(['pdf', 'epub', 'zip', 'cover']);
    expect(rebuildFormats({ pdf: '/p', epub: '/e' })).toEqual(['pdf', 'epub']);
  });

  it("builds the book's usual files when it has none yet", () => {
    expect(rebuildFormats({})).toEqual(['pdf', 'epub', 'docx', 'zip']);
  });
});

describe('saveProblem', () => {
  it('tells a stale save (reload) from a busy book (wait) and from anything else (retry)', () => {
    expect(saveProblem(new ApiError(409, EditingMessages.stale))).toEqual({ kind: 'stale', message: EditingMessages.stale });
    expect(saveProblem(new ApiError(409, EditingMessages.busy))).toEqual({ kind: 'busy', message: EditingMessages.busy });
    expect(saveProblem(new ApiError(409, EditingMessages.assistClosed))).toEqual({ kind: 'other', message: EditingMessages.assistClosed });
    expect(saveProblem(new ApiError(0, 'Network error'))).toEqual({ kind: 'other', message: 'Network error' });
  });
});
