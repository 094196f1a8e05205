import { assistPrompt } from './assist.ts';
import { promptLanguage } from './prompt-language.ts';
import type { ContentDepth } from '../domain/index.ts';
import type { WritingTask } from './tasks.ts';

export interface Prompt {
  system: string;
  prompt: string;
  maxTokens: number;
}

const tokensFor = (words: number) => Math.min(16_000, Math.ceil(words * 1.6) + 400);

const SYSTEM =
  'You are a careful non-fiction book writer. Write clear, specific, well-structured prose in Markdown. ' +
  'Never invent sources. When you use a numbered source passage, cite it as [n] right after the claim.';

/** What each content depth asks of a chapter (its length is set by the brief's target words). */
const DEPTH_INSTRUCTIONS: Record<ContentDepth, string> = {
  outline: 'Write it as an outline: start with the key points as a bulleted list, then under a ## heading for each point one short paragraph of two or three sentences.',
  draft: 'Write it as a first draft: complete paragraphs that make every point, without polishing the prose.',
  polished: 'Write finished, polished prose, ready to publish.',
};

/** Turns a writing task into the prompt a real model receives. */
export function promptFor(task: WritingTask): Prompt {
  switch (task.kind) {
    case 'outline':
      return {
        system: SYSTEM,
        maxTokens: 4000,
        prompt: [
          `Plan a ${task.style} book titled "${task.title}" by ${task.author}, written in ${promptLanguage(task.language)}.`,
          `The idea: ${task.idea}`,
          task.sourceSummary ? `The author's source materials cover: ${task.sourceSummary}` : '',
          `Make exactly ${task.chapterCount} chapters whose target_words add up to ${task.totalWords}.`,
          'Answer with JSON only, in this shape:',
          '{"chapters":[{"title":"...","description":"one or two sentences","key_points":["...","...","..."],"target_words":3000}]}',
        ].filter(Boolean).join('\n'),
      };
    case 'chapter': {
      const { chapter } = task;
      return {
        system: SYSTEM,
        maxTokens: tokensFor(chapter.targetWords),
        prompt: [
          `Write chapter ${chapter.number} of ${task.totalChapters}, "${chapter.title}", of the book "${task.title}", in ${promptLanguage(task.language)}, in a ${task.style} style.`,
          `The book's idea: ${task.idea}`,
          `This chapter: ${chapter.description}`,
          `Cover these points: ${chapter.keyPoints.join('; ')}.`,
          `Length: about ${chapter.targetWords} words.`,
          DEPTH_INSTRUCTIONS[task.depth ?? 'polished'],
          task.redraft ? 'The author asked for this chapter to be written again: write a fresh draft, with new examples and new wording.' : '',
          task.memory.length ? `Earlier chapters already covered the following; do not repeat it, build on it:\n- ${task.memory.join('\n- ')}` : '',
          task.passages.length ? `Source passages you may use and must cite by number:\n${task.passages.map((p) => `[${p.n}] (${p.source}) ${p.text}`).join('\n')}` : '',
          'Start with the chapter text itself (no chapter heading); use ## for sections.',
        ].filter(Boolean).join('\n\n'),
      };
    }
    case 'introduction':
    case 'summary':
      return {
        system: SYSTEM,
        maxTokens: tokensFor(task.targetWords),
        prompt: [
          `Write the ${task.kind === 'introduction' ? 'introduction' : 'closing summary'} of the book "${task.title}" by ${task.author}, in ${promptLanguage(task.language)}, about ${task.targetWords} words.`,
          `The book's idea: ${task.idea}`,
          `Its chapters:\n${task.chapters.map((c) => `${c.number}. ${c.title} — ${c.gist}`).join('\n')}`,
          task.kind === 'introduction' ? 'Tell the reader what they will gain and how the chapters build on one another.' : 'Draw the chapters together and end with concrete next steps for the reader.',
        ].join('\n\n'),
      };
    case 'expand':
    case 'trim':
      return {
        system: SYSTEM,
        maxTokens: tokensFor(task.chapter.targetWords),
        prompt: [
          `The chapter "${task.chapter.title}" of "${task.title}" has ${task.currentWords} words; it should have about ${task.chapter.targetWords}.`,
          task.kind === 'expand' ? 'Expand it with more examples and explanation, keeping every citation.' : 'Tighten it, removing repetition, keeping every citation.',
          `Write in ${promptLanguage(task.language)}. Answer with the whole revised chapter only.`,
          task.text,
        ].join('\n\n'),
      };
    case 'assist':
      return assistPrompt(task);
  }
}
