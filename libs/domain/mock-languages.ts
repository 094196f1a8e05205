// Which languages the free mock writer writes in. Pure data, so the generator pages can say so before a book starts.
import { bookLanguage } from './languages.ts';

/** The languages the mock writer has its own phrases for (libs/ai/mock-languages/); every other book gets English text. */
export const MOCK_WRITER_TAGS = ['en', 'ja', 'zh-Hans', 'zh-Hant', 'ko', 'ar', 'he', 'hi', 'ru', 'es', 'fr', 'de'] as const;
export type MockWriterTag = (typeof MOCK_WRITER_TAGS)[number];

export interface MockWriterLanguage {
  /** The tag the mock writes in: the book's own, or 'en' when it falls back. */
  tag: MockWriterTag;
  fallback: boolean;
  /** Set on a fallback: what to tell the author. */
  message?: string;
}

/** The language the mock writer writes a book in, given the book's language (a tag or an old English name). */
export function mockWritesIn(language: string | null | undefined): MockWriterLanguage {
  const book = bookLanguage(language);
  const own = MOCK_WRITER_TAGS.find((tag) => tag === book.tag);
  if (own) return { tag: own, fallback: false };
  return {
    tag: 'en',
    fallback: true,
    message: `The free mock writer does not write ${book.english} yet: it writes this book's text in English. Choose Anthropic or OpenAI to write in ${book.english}.`,
  };
}
