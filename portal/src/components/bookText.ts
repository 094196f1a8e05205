import { bookLanguage } from '../../../libs/domain/index.ts';

/**
 * The attributes of a block of a book's text (a preview of its chapters, its introduction): the book's language and
 * that language's direction when the page knows it, else a direction read from the text itself.
 */
export function bookTextProps(language: string | undefined): { lang?: string; dir: 'ltr' | 'rtl' | 'auto' } {
  if (!language) return { dir: 'auto' };
  const { tag, dir } = bookLanguage(language);
  return { lang: tag, dir };
}
