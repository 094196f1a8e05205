import { ENGLISH, type MockLexicon } from './mock-lexicon.ts';
import { lexiconFor } from './mock-languages.ts';
import { sentencesOf } from './mock-phrases.ts';
import type { AssistTask } from './tasks.ts';
import { mockWritesIn } from '../domain/mock-languages.ts';

// The mock provider's AI Writing Assistant: each action changes the passage in its own visible, repeatable way, so
// demos show what the action does and tests can tell the actions apart. Its own sentences are in the book's language.

const paragraphsOf = (text: string) => text.trim().split(/\n{2,}/);
const isProse = (paragraph: string) => !/^(#|>|[-*+] |\d+\. |!\[|```|\|)/.test(paragraph);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text);

const lexiconOf = (task: Pick<AssistTask, 'language'>) => lexiconFor(mockWritesIn(task.language).tag);

// English names the chapter in running text ("in practice for rituals that scale"); the other languages quote its title.
const chapterIn = (lex: MockLexicon, title: string) => (lex === ENGLISH ? title.toLowerCase() : title);

/** Expand: two sentences added at the end of the passage's last paragraph. */
export function mockExpansion(task: AssistTask): string {
  const lex = lexiconOf(task);
  return lex.assist.expansion.replace('{c}', chapterIn(lex, task.chapterTitle));
}

/** Continue: one new paragraph after the passage. */
export function mockContinuation(task: AssistTask): string {
  const lex = lexiconOf(task);
  return lex.assist.continuation.replace('{c}', chapterIn(lex, task.chapterTitle));
}

/** Grammar: the slips it knows how to fix (doubled words, spaces before punctuation, a lone "i", lower-case sentence starts). */
function mockGrammar(text: string): string {
  return text
    .replace(/\b(\w+)(\s+\1\b)+/gi, '$1')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\bi\b/g, 'I')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * Shorten: each prose paragraph keeps the first half of its sentences (a one-sentence paragraph, the first half of its
 * words, or of its characters in a script without spaces).
 */
function shorten(text: string, lex: MockLexicon): string {
  return paragraphsOf(text)
    .map((paragraph) => {
      if (!isProse(paragraph)) return paragraph;
      const sentences = sentencesOf(paragraph);
      if (sentences.length > 1) return sentences.slice(0, Math.ceil(sentences.length / 2)).join(lex.space);
      const words = lex.space ? paragraph.split(/\s+/) : [...paragraph];
      return words.length > 3 ? `${words.slice(0, Math.ceil(words.length / 2)).join(lex.space).replace(/[,;:、，；：]$/, '')}${lex.stop}` : paragraph;
    })
    .join('\n\n');
}

export function mockAssist(task: AssistTask): string {
  const lex = lexiconOf(task);
  const text = task.text.trim();
  switch (task.action) {
    case 'expand':
      return `${text}${lex.space}${mockExpansion(task)}`;
    case 'shorten':
      return shorten(text, lex);
    case 'rewrite': {
      const lead = lex.assist.styleLeads[task.style] ?? lex.assist.otherLead;
      return paragraphsOf(text)
        .map((paragraph) => (isProse(paragraph) ? `${lead}${lex.space}${lex.assist.lowerAfterLead ? lowerFirst(paragraph) : paragraph}` : paragraph))
        .join('\n\n');
    }
    case 'continue':
      return `${text}\n\n${mockContinuation(task)}`;
    case 'grammar':
      return mockGrammar(text);
    case 'instruct':
      return `${text}${lex.space}${lex.assist.revised.replace('{i}', task.instruction ?? '')}`;
  }
}
