import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BuildStatus, ProjectView } from '../api/projects.ts';
import { ChapterStep } from './ChapterStep.tsx';
import { chapterWords, failureText, initialStagedBook, stagedBookReducer, type StagedBookAction, type StagedBookState } from './stagedBook.ts';
import type { StagedBook } from './useStagedBook.ts';

const toc = (n: number) => ({ chapter_number: n, title: `T${n}`, chapter_title: `T${n}`, description: '', chapter_description: '', key_points: [], chapter_ideas: [], target_words: 3000, estimated_pages: '8' });
const written = (n: number, words: number) => ({ chapter_number: n, chapter_title: `T${n}`, content: 'text', word_count: words, estimated_pages: 1, status: 'generated' as const, generated_at: '2026-11-28T12:00:00.000Z' });
const project = { project_id: 'b1', title: 'Book', outline: { chapters: [toc(1), toc(2), toc(3)] }, chapters: [written(1, 1200), written(3, 800)], finalized: true } as unknown as ProjectView;
const build = { status: 'complete', downloads: {} } as unknown as BuildStatus;

const play = (actions: StagedBookAction[], from: StagedBookState = initialStagedBook(1)) => actions.reduce(stagedBookReducer, from);

describe('the staged book state machine', () => {
  it('opens a kept book with its files at the place it was shown, all in one step', () => {
    const opening = initialStagedBook(1, true);
    expect(opening).toMatchObject({ opening: true, project: null, at: 1 });
    expect(play([{ type: 'opened', project, build, at: 4 }], opening)).toMatchObject({ opening: false, project, build, at: 4, error: null });
  });

  it('keeps the reason a kept book could not be opened, and stops opening', () => {
    expect(play([{ type: 'openFailed', message: 'Failed to load your book' }], initialStagedBook(1, true))).toMatchObject({ opening: false, error: 'Failed to load your book', project: null });
  });

  it('runs one piece of work at a time: starting clears the last failure, finishing clears what ran', () => {
    const failed = play([{ type: 'failed', message: 'Build failed' }]);
    const running = play([{ type: 'started', busy: 'Writing the chapters…', phase: 'generating_chapters' }], failed);
    expect(running).toMatchObject({ busy: 'Writing the chapters…', phase: 'generating_chapters', error: null });
    const chapter = play([{ type: 'chapterStarted', chapter: 2, busy: 'Writing chapter 2 of 3…' }], running);
    expect(chapter).toMatchObject({ writing: 2, busy: 'Writing chapter 2 of 3…', phase: 'generating_chapters', chapterNote: null });
    expect(play([{ type: 'finished' }], chapter)).toMatchObject({ busy: null, phase: null, writing: null });
  });

  it('keeps a failure on the page after the work ends', () => {
    const state = play([{ type: 'started', busy: 'Designing the cover…' }, { type: 'failed', message: 'The cover failed' }, { type: 'finished' }]);
    expect(state).toMatchObject({ busy: null, phase: null, error: 'The cover failed' });
  });

  it('changes only what a progress report names', () => {
    const running = play([{ type: 'started', busy: 'Writing the introduction…', phase: 'generating_introduction' }]);
    expect(play([{ type: 'progress', phase: 'generating_chapters' }], running)).toMatchObject({ busy: 'Writing the introduction…', phase: 'generating_chapters' });
    expect(play([{ type: 'progress', busy: 'Writing the summary…' }], running)).toMatchObject({ busy: 'Writing the summary…', phase: 'generating_introduction' });
  });

  it("notes the chapter stream's words without touching the busy line", () => {
    const running = play([{ type: 'started', busy: 'Writing the chapters…', phase: 'generating_chapters' }]);
    const state = play([{ type: 'chapterStarted', chapter: 1, note: 'Writing chapter 1 of 3: T1' }, { type: 'chapterNote', note: '3 chapters, 9,000 words' }], running);
    expect(state).toMatchObject({ busy: 'Writing the chapters…', writing: 1, chapterNote: '3 chapters, 9,000 words' });
  });

  it('moves between places, clearing the failure only when asked', () => {
    const failed = play([{ type: 'failed', message: 'No' }]);
    expect(play([{ type: 'go', at: 3 }], failed)).toMatchObject({ at: 3, error: 'No' });
    expect(play([{ type: 'go', at: 3, clearError: true }], failed)).toMatchObject({ at: 3, error: null });
  });

  it('starts again from nothing at the start it is given', () => {
    const state = play([{ type: 'opened', project, build, at: 6 }, { type: 'tab', tab: 3 }, { type: 'failed', message: 'x' }, { type: 'reset', at: 1 }]);
    expect(state).toEqual(initialStagedBook(1));
  });

  it('counts the words written and says what a failure without a message means', () => {
    expect(chapterWords(project)).toBe(2000);
    expect(chapterWords(null)).toBe(0);
    expect(failureText(new Error('Build timeout'))).toBe('Build timeout');
    expect(failureText(new Error(''))).toBe('An error occurred');
    expect(failureText(new Error(''), 'Failed to load your book')).toBe('Failed to load your book');
  });
});

describe('the chapter step', () => {
  const book = (state: Partial<StagedBookState>) => ({ ...initialStagedBook(1), project, id: 'b1', ...state }) as unknown as StagedBook;
  const tabs = (html: string) => [...html.matchAll(/<button[^>]*role="tab"[^>]*>(.*?)<\/button>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ''));

  it('marks each tab as the flows do: written ✓, being written …, not yet ○; an unwritten chapter cannot be opened', () => {
    const html = renderToStaticMarkup(<ChapterStep book={book({ tab: 9, writing: 2 })} marks="progress" />);
    expect(tabs(html)).toEqual(['1 ✓', '2 …', '3 ✓']);
    expect(html).toContain('aria-label="generating"');
    expect(html.match(/disabled=""/g)).toHaveLength(1);
  });

  it('marks only the written chapters on the wizard', () => {
    const html = renderToStaticMarkup(<ChapterStep book={book({ tab: 9 })} marks="written" />);
    expect(tabs(html)).toEqual(['1 ✓', '2', '3 ✓']);
    expect(html).toContain('role="tablist" aria-label="Chapters"');
  });
});
