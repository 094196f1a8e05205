import { describe, expect, it } from 'vitest';
import { parseManuscript } from '../domain/index.ts';
import { renderManuscriptMarkdown } from './manuscript-markdown.ts';

const book = {
  title: 'Remote "Leadership": a guide',
  author: 'Ada Writer',
  language: 'en',
  chapters: [
    { number: 2, title: 'Rituals', content: 'Standups, once a week.\n\n```sh\n# not a chapter\n```' },
    { number: 1, title: 'Trust\nfirst', content: '\n\nTrust is **built**, with ![a chart](https://tracker.example/pixel.png) and [links](https://example.com).\n' },
  ],
};

describe('the manuscript as Markdown', () => {
  it('is front matter and one "# " heading per chapter, in order, read back by the revised-manuscript upload as the same chapters', () => {
    const markdown = renderManuscriptMarkdown(book);
    expect(markdown.startsWith('---\ntitle: "Remote \\"Leadership\\": a guide"\nauthor: "Ada Writer"\nlang: "en"\n---\n\n# Trust first\n')).toBe(true);
    expect(parseManuscript(new TextEncoder().encode(markdown)).chapters).toEqual([
      { title: 'Trust first', content: 'Trust is **built**, with ![a chart](https://tracker.example/pixel.png) and [links](https://example.com).', wordCount: expect.any(Number) },
      { title: 'Rituals', content: 'Standups, once a week.\n\n```sh\n# not a chapter\n```', wordCount: expect.any(Number) },
    ]);
  });
});
