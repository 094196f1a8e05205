import { createContext, useContext } from 'react';
import { editing } from '../../api/editing.ts';

/**
 * The calls the chapter workspace makes, by the book's project id: the author's own routes, or (in the back office)
 * the Elite desk's routes for a request's book. `assistant` says whether the AI Writing Assistant is offered: it runs
 * on the author's account, so only the author's editor has it.
 */
export type ChapterApi = Pick<typeof editing, 'chapter' | 'save' | 'versions' | 'compare' | 'restore' | 'images' | 'uploadImage'> & { assistant: boolean };

export const authorChapterApi: ChapterApi = { ...editing, assistant: true };

export const ChapterApiContext = createContext<ChapterApi>(authorChapterApi);

/** The workspace's calls: the author's unless a page provides others. */
export const useChapterApi = () => useContext(ChapterApiContext);
