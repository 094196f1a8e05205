import type { AssistTask } from './tasks.ts';

// The mock provider's AI Writing Assistant: each action changes the passage in its own visible, repeatable way, so
// demos show what the action does and tests can tell the actions apart.

const paragraphsOf = (text: string) => text.trim().split(/\n{2,}/);
const sentencesOf = (paragraph: string) => paragraph.split(/(?<=[.!?])\s+/);
const isProse = (paragraph: string) => !/^(#|>|[-*+] |\d+\. |!\[|```|\|)/.test(paragraph);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text);

/** The lead a rewrite puts before each paragraph, by the book's style. */
export const MOCK_STYLE_LEADS: Record<string, string> = {
  practical: 'In practice,',
  academic: 'As the evidence suggests,',
  narrative: 'Picture this:',
  reference: 'In short,',
};

/** Expand: two sentences added at the end of the passage's last paragraph. */
export const mockExpansion = (task: AssistTask) =>
  `Here is what that looks like in practice for ${task.chapterTitle.toLowerCase()}. Each step builds on the one before it, so the idea becomes a habit rather than a plan.`;

/** Continue: one new paragraph after the passage. */
export const mockContinuation = (task: AssistTask) =>
  `Building on this, the next step in ${task.chapterTitle.toLowerCase()} is to try it once, on a small scale, and notice what changes. What works stays; what does not is the next thing to adjust.`;

/** Grammar: the slips it knows how to fix (doubled words, spaces before punctuation, a lone "i", lower-case sentence starts). */
export function mockGrammar(text: string): string {
  return text
    .replace(/\b(\w+)(\s+\1\b)+/gi, '$1')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\bi\b/g, 'I')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** Shorten: each prose paragraph keeps the first half of its sentences (a one-sentence paragraph, the first half of its words). */
function shorten(text: string): string {
  return paragraphsOf(text)
    .map((paragraph) => {
      if (!isProse(paragraph)) return paragraph;
      const sentences = sentencesOf(paragraph);
      if (sentences.length > 1) return sentences.slice(0, Math.ceil(sentences.length / 2)).join(' ');
      const words = paragraph.split(/\s+/);
      return words.length > 3 ? `${words.slice(0, Math.ceil(words.length / 2)).join(' ').replace(/[,;:]$/, '')}.` : paragraph;
    })
    .join('\n\n');
}

export function mockAssist(task: AssistTask): string {
  const text = task.text.trim();
  switch (task.action) {
    case 'expand':
      return `${text} ${mockExpansion(task)}`;
    case 'shorten':
      return shorten(text);
    case 'rewrite': {
      const lead = MOCK_STYLE_LEADS[task.style] ?? 'Put simply,';
      return paragraphsOf(text)
        .map((paragraph) => (isProse(paragraph) ? `${lead} ${lowerFirst(paragraph)}` : paragraph))
        .join('\n\n');
    }
    case 'continue':
      return `${text}\n\n${mockContinuation(task)}`;
    case 'grammar':
      return mockGrammar(text);
    case 'instruct':
      return `${text} (Revised as you asked: ${task.instruction ?? ''})`;
  }
}
