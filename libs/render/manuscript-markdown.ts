import type { Manuscript } from './interior.ts';

/** A chapter title as one heading line: a title never spans lines. */
const headingLine = (title: string) => title.replace(/\s+/g, ' ').trim();

/**
 * The manuscript's chapters as one Markdown file, in the form an Elite revised manuscript is read back in
 * (libs/domain/manuscript.ts): front matter with the title, author and language (left out when read), then each
 * chapter under its `# ` heading with its text exactly as saved. The text is only written out, never read or fetched.
 */
export function renderManuscriptMarkdown(book: Pick<Manuscript, 'title' | 'author' | 'language' | 'chapters'>): string {
  // JSON strings are YAML's double-quoted scalars.
  const front = ['---', `title: ${JSON.stringify(book.title)}`, `author: ${JSON.stringify(book.author)}`, `lang: ${JSON.stringify(book.language)}`, '---', ''].join('\n');
  const chapters = [...book.chapters].sort((a, b) => a.number - b.number).map((c) => `# ${headingLine(c.title)}\n\n${c.content.trim()}\n`);
  return [front, ...chapters].join('\n');
}
