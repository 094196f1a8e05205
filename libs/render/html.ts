import escapeHtml from 'escape-html';
import { bookLanguage, type BookLanguage } from '../domain/index.ts';
import { languageCss, markdownToHtml, referencesHtml } from './epub.ts';
import { NO_IMAGES, imageDataUri } from './images.ts';
import type { Manuscript } from './interior.ts';

/**
 * What a browser may do with the HTML book: nothing but show it. No script, no font or stylesheet from anywhere, no
 * image but those inside the page (the book's own, as data: URIs), no form, no <base>; only the page's own <style>.
 * Sandboxed, so even a way round this runs nowhere.
 */
export const BOOK_HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

// Sides are logical (inline-start), so a right-to-left book has its quotes' rule and its lists' indent on the right.
const style = (language: BookLanguage) => `
body { margin: 0; background: #f7f5f0; color: #1d1d1f; font-size: 18px; line-height: 1.65; }
main { max-width: 42rem; margin: 0 auto; padding: 3rem 1.5rem 6rem; background: #fff; }
header.title-page { text-align: center; padding: 4rem 0 3rem; border-bottom: 1px solid #ddd; }
header.title-page h1 { font-size: 2.4rem; line-height: 1.2; margin: 0 0 1rem; }
header.title-page p { font-size: 1.2rem; font-style: ${language.italic ? 'italic' : 'normal'}; margin: 0; }
nav h2, section > h2 { font-size: 1.6rem; line-height: 1.3; margin: 3rem 0 1.5rem; }
nav ol { padding-inline-start: 1.5rem; }
section { border-top: 1px solid #eee; }
a { color: #1a4f8b; }
blockquote { margin: 1.5rem 0; padding-inline-start: 1rem; border-inline-start: 3px solid #ccc; color: #444; }
pre { overflow-x: auto; background: #f3f3f3; padding: 0.75rem; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.25rem 0.5rem; }
img { max-width: 100%; height: auto; }
${languageCss(language)}
`;

const section = (id: string, title: string, body: string) => `<section id="${id}"><h2>${escapeHtml(title)}</h2>\n${body}</section>`;

/**
 * The book as one readable HTML page: title page, contents, introduction, chapters, summary and references. The text
 * goes through the renderers' safe Markdown path (no raw HTML, images only the book's own, inside the page as data:
 * URIs, links only to the web and to e-mail addresses) and everything else is escaped; serve it with BOOK_HTML_POLICY.
 */
export function renderBookHtml(book: Manuscript): string {
  const language = bookLanguage(book.language);
  const { labels } = language;
  const images = book.images ?? NO_IMAGES;
  const html = (markdown: string) => markdownToHtml(markdown, images, imageDataUri, language);
  const parts = [
    ...(book.introduction ? [{ id: 'introduction', title: labels.introduction, html: html(book.introduction) }] : []),
    ...book.chapters.map((c) => ({ id: `chapter-${c.number}`, title: `${c.number}. ${c.title}`, html: html(c.content) })),
    ...(book.summary ? [{ id: 'summary', title: labels.summary, html: html(book.summary) }] : []),
    ...(book.references.length ? [{ id: 'references', title: labels.references, html: referencesHtml(book.references, language) }] : []),
  ];
  return `<!DOCTYPE html>
<html lang="${language.tag}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(book.title)}</title>
<style>${style(language)}</style>
</head>
<body>
<main>
<header class="title-page"><h1>${escapeHtml(book.title)}</h1><p>${escapeHtml(book.author)}</p></header>
<nav aria-label="${escapeHtml(labels.contents)}"><h2>${escapeHtml(labels.contents)}</h2><ol>${parts.map((p) => `<li><a href="#${p.id}">${escapeHtml(p.title)}</a></li>`).join('')}</ol></nav>
${parts.map((p) => section(p.id, p.title, p.html)).join('\n')}
</main>
</body>
</html>
`;
}
