import { describe, expect, it } from 'vitest';
import { ELITE_MANUSCRIPT_MAX_BYTES, EliteMessages } from './elite.ts';
import { MAX_CHAPTERS } from './generation.ts';
import { ManuscriptMessages, parseManuscript } from './manuscript.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => parseManuscript(bytes(text));

describe('revised manuscripts', () => {
  it('split chapters on "# " headings, leaving out what comes before the first', () => {
    const reading = read(['---', 'title: Draft', '---', 'A title page.', '', '# The Start', '', 'First words here.', '', '## A section', 'More text.', '', '# The End ##', 'Last words.', ''].join('\n'));
    expect(reading.problem).toBeUndefined();
    expect(reading.chapters).toEqual([
      { title: 'The Start', content: 'First words here.\n\n## A section\nMore text.', wordCount: 7 },
      { title: 'The End', content: 'Last words.', wordCount: 2 },
    ]);
  });

  it('read Windows line ends and a byte-order mark, and keep the first line of content indented as written', () => {
    const reading = read('\uFEFF# One\r\n\r\n    indented code\r\n# Two\r\ntext');
    expect(reading.chapters?.map((c) => [c.title, c.content])).toEqual([
      ['One', '    indented code'],
      ['Two', 'text'],
    ]);
  });

  it('treat a "# " line inside a fenced code block as text', () => {
    const reading = read(['# Shell', '```sh', '# a comment, not a chapter', '```', '~~~', '# still code', '~~~', '# Next', 'x'].join('\n'));
    expect(reading.chapters?.map((c) => c.title)).toEqual(['Shell', 'Next']);
    expect(reading.chapters?.[0]?.content).toContain('# a comment, not a chapter');
  });

  it('name an untitled chapter by its number and keep headings that are not chapters as text', () => {
    const reading = read('#NoSpace\n# \nbody\n#  Spaced  \n##Sub');
    expect(reading.chapters).toEqual([
      { title: 'Chapter 1', content: 'body', wordCount: 1 },
      { title: 'Spaced', content: '##Sub', wordCount: 1 },
    ]);
  });

  it('refuse a manuscript without chapters in the words the team sees', () => {
    expect(read('Just prose.\n## Only a section\n#hashtag')).toEqual({ problem: EliteMessages.manuscriptEmpty });
    expect(read('')).toEqual({ problem: EliteMessages.manuscriptEmpty });
  });

  it('refuse NUL bytes, text that is not UTF-8, and more than the size limit', () => {
    expect(parseManuscript(new Uint8Array([0x23, 0x20, 0x41, 0x00, 0x42]))).toEqual({ problem: ManuscriptMessages.binary });
    expect(parseManuscript(new Uint8Array([0x23, 0x20, 0xc3, 0x28]))).toEqual({ problem: ManuscriptMessages.encoding });
    expect(parseManuscript(new Uint8Array(ELITE_MANUSCRIPT_MAX_BYTES + 1).fill(0x61))).toEqual({ problem: EliteMessages.manuscriptSize });
  });

  it('refuse more chapters than a book has, and titles longer than a table of contents takes', () => {
    const chapters = (n: number) => Array.from({ length: n }, (_, i) => `# Chapter ${i + 1}\ntext`).join('\n');
    expect(read(chapters(MAX_CHAPTERS)).chapters).toHaveLength(MAX_CHAPTERS);
    expect(read(chapters(MAX_CHAPTERS + 1))).toEqual({ problem: ManuscriptMessages.tooManyChapters(MAX_CHAPTERS + 1) });
    expect(read(`# Fine\nx\n# ${'t'.repeat(201)}\ny`)).toEqual({ problem: ManuscriptMessages.titleTooLong(2) });
    expect(read(`# ${'t'.repeat(200)}\ny`).chapters).toHaveLength(1);
  });
});
