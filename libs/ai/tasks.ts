// What the writing activities ask a provider for. Real providers turn a task into a prompt (prompts.ts);
// the mock provider writes from the task's fields directly, deterministically.
import type { AssistAction, Completion, ContentDepth } from '../domain/index.ts';

export interface SourcePassage {
  /** Citation number: the source's position in the book's reference list. */
  n: number;
  source: string;
  text: string;
}

export interface OutlineTask {
  kind: 'outline';
  title: string;
  author: string;
  idea: string;
  chapterCount: number;
  totalWords: number;
  language: string;
  /** practical, academic, narrative or reference. */
  style: string;
  sourceSummary?: string;
}

export interface ChapterBrief {
  number: number;
  title: string;
  description: string;
  keyPoints: string[];
  targetWords: number;
}

export interface ChapterTask {
  kind: 'chapter';
  title: string;
  idea: string;
  language: string;
  style: string;
  chapter: ChapterBrief;
  totalChapters: number;
  /** What earlier chapters covered, so this one does not repeat them (in sequential mode, their own text). */
  memory: string[];
  passages: SourcePassage[];
  /** outline: key points and short paragraphs; draft: a first draft; polished (or absent): finished prose. */
  depth?: ContentDepth;
  /** Set when the chapter is written again: how many versions it has had. The author asked for a new draft, not the same one. */
  redraft?: number;
}

export interface FrameTask {
  kind: 'introduction' | 'summary';
  title: string;
  author: string;
  idea: string;
  language: string;
  chapters: { number: number; title: string; gist: string }[];
  targetWords: number;
}

export interface ResizeTask {
  kind: 'expand' | 'trim';
  title: string;
  language: string;
  chapter: ChapterBrief;
  text: string;
  currentWords: number;
}

/** One AI Writing Assistant change (assist.ts builds it): the passage to rework, what surrounds it, and the book it belongs to. */
export interface AssistTask {
  kind: 'assist';
  action: AssistAction;
  title: string;
  idea: string;
  language: string;
  style: string;
  chapterTitle: string;
  /** The selection, or the whole chapter. */
  text: string;
  wholeChapter: boolean;
  /** The chapter's text just before and after the selection, for context only. */
  before: string;
  after: string;
  instruction: string | null;
}

export type WritingTask = OutlineTask | ChapterTask | FrameTask | ResizeTask | AssistTask;

export type { Completion } from '../domain/index.ts';

export interface TextProvider {
  readonly id: 'anthropic' | 'hal9' | 'mock';
  /** `signal` stops the call (a cancelled attempt, or a step another attempt has taken over): it would be paid for nothing. */
  generate(task: WritingTask, signal?: AbortSignal): Promise<Completion>;
}

/** A provider call that failed; `retryable` says whether asking again may help (429, 5xx, time-outs). */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  /** How long the provider asked us to wait before the next call (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, retryable: boolean, status?: number, retryAfterMs?: number) {
    super(message);
    this.name = 'ProviderError';
    this.retryable = retryable;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export const isRetryableStatus = (status: number | undefined) => status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;

/** A written chapter's gist for the memory and frame tasks: the first sentence of each of its first two paragraphs. */
export const gistOf = (content: string) =>
  content
    .split(/\n{2,}/)
    .filter((p) => !p.startsWith('#'))
    .slice(0, 2)
    // Chinese and Japanese sentences end in a full-width stop with no space after it.
    .map((p) => p.split(/(?<=[.!?।؟])\s|(?<=[。！？])/)[0])
    .join(' ');
