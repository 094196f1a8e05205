import { bookLanguage } from '../domain/index.ts';

/** How a prompt names the book's language (a tag, or an English name stored before tags): "Japanese (ja)". */
export function promptLanguage(language: string): string {
  const { english, tag } = bookLanguage(language);
  return `${english} (${tag})`;
}
