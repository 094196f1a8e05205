// The AI Writing Assistant's prompts: one change to a selection (or a whole chapter) of a written book, answered with
// the replacement text alone, in Markdown.
import { countWords, type AssistAction } from '../domain/index.ts';
import { promptLanguage } from './prompt-language.ts';
import type { Prompt } from './prompts.ts';
import type { AssistTask } from './tasks.ts';

/** How much of the chapter on each side of the selection the model sees, for continuity only. */
export const ASSIST_CONTEXT_CHARS = 1500;

export interface AssistSource {
  book: { title: string; topic: string; writingStyle: string; language: string };
  chapterTitle: string;
  /** The chapter's whole text. */
  content: string;
  /** Character offsets into `content`; null for the whole chapter. */
  selection: { start: number; end: number } | null;
  action: AssistAction;
  instruction: string | null;
}

/** The task for one change: the passage, up to ASSIST_CONTEXT_CHARS either side of it cut at a word, and the book's brief. */
export function assistTaskFor(source: AssistSource): AssistTask {
  const { start, end } = source.selection ?? { start: 0, end: source.content.length };
  const before = source.content.slice(Math.max(0, start - ASSIST_CONTEXT_CHARS), start);
  const after = source.content.slice(end, end + ASSIST_CONTEXT_CHARS);
  return {
    kind: 'assist',
    action: source.action,
    title: source.book.title,
    idea: source.book.topic,
    language: source.book.language,
    style: source.book.writingStyle,
    chapterTitle: source.chapterTitle,
    text: source.content.slice(start, end),
    wholeChapter: source.selection === null,
    before: start - before.length > 0 ? before.replace(/^\S*\s/, '') : before,
    after: end + after.length < source.content.length ? after.replace(/\s\S*$/, '') : after,
    instruction: source.instruction,
  };
}

const SYSTEM =
  'You are the writing assistant inside a book editor. You rework one passage of a non-fiction book at a time. ' +
  'Keep the author\'s meaning, facts and citations like [3] unless asked otherwise; never invent sources. ' +
  'Answer with the replacement passage only, in Markdown: no preface, no explanation, no code fences, no quotation marks around it.';

const ASKS: Record<AssistAction, (task: AssistTask) => string> = {
  expand: () => 'Expand the passage: add explanation, an example or a concrete detail, so it is about half again as long. Keep what is there.',
  shorten: () => 'Shorten the passage to about half its length: keep the main points, cut repetition and padding.',
  rewrite: (task) => `Rewrite the passage in the book's ${task.style} style, keeping its meaning and about its length.`,
  continue: () => 'Continue the passage: answer with the passage exactly as it is, followed by one or two new paragraphs that carry it on naturally.',
  grammar: () => 'Fix spelling, grammar and punctuation only. Change nothing else: not the wording, the meaning or the Markdown.',
  instruct: (task) => `Change the passage as the author asks: ${task.instruction ?? ''}`,
};

/** The words a change may grow to: twice the passage for expand and continue, a little over it otherwise. */
const answerWords = (task: AssistTask) => countWords(task.text) * (task.action === 'expand' || task.action === 'continue' ? 2 : 1.3);

export function assistPrompt(task: AssistTask): Prompt {
  const passage = task.wholeChapter ? 'the whole chapter' : 'a passage of the chapter';
  const language = promptLanguage(task.language);
  return {
    system: SYSTEM,
    maxTokens: Math.min(16_000, Math.ceil(answerWords(task) * 1.6) + 400),
    prompt: [
      `The book: "${task.title}", written in ${language} in a ${task.style} style. Its idea: ${task.idea}`,
      `The chapter: "${task.chapterTitle}". Below is ${passage}.`,
      task.before ? `Text just before it (context only, do not repeat it):\n<before>\n${task.before}\n</before>` : '',
      `The passage:\n<passage>\n${task.text}\n</passage>`,
      task.after ? `Text just after it (context only, do not repeat it):\n<after>\n${task.after}\n</after>` : '',
      ASKS[task.action](task),
      `Write in ${language}. Answer with the new passage only.`,
    ].filter(Boolean).join('\n\n'),
  };
}

/**
 * A model's answer as the replacement text: without a code fence or <passage> tags wrapped around it, and with the
 * original's own leading and trailing white space, so the paragraphs around the selection stay apart.
 */
export function assistAnswer(text: string, original: string): string {
  const trimmed = text.trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(trimmed);
  const tagged = /^<passage>\n?([\s\S]*?)\n?<\/passage>$/.exec(fenced?.[1]?.trim() ?? trimmed);
  const answer = (tagged?.[1] ?? fenced?.[1] ?? trimmed).trim();
  return `${/^\s*/.exec(original)?.[0] ?? ''}${answer}${/\s*$/.exec(original)?.[0] ?? ''}`;
}
