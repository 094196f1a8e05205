import { describe, expect, it } from 'vitest';
import { applyFormat, insertBlock, type Format } from './markdownFormat.ts';

/** Writes a selection as the text with [ and ] around what is selected (| for a caret), to read the cases at a glance. */
const show = ({ text, start, end }: { text: string; start: number; end: number }) =>
  start === end ? `${text.slice(0, start)}|${text.slice(start)}` : `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;

/** The reverse of show: 'a [b] c' or 'a | c'. */
function at(marked: string) {
  const caret = marked.indexOf('|');
  if (caret >= 0) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(/](?![\s\S]*])/, ''), start, end };
}

const format = (kind: Format, marked: string) => show(applyFormat(kind, at(marked)));

describe('the inline formats', () => {
  it('wraps the selected words, leaving the spaces around them outside', () => {
    expect(format('bold', 'Make [this ]bold.')).toBe('Make [**this**] bold.');
    expect(format('italic', 'An [important] word.')).toBe('An [*important*] word.');
  });

  it('takes the markers away again when the selection is already formatted', () => {
    expect(format('bold', 'Make **[this]** plain.')).toBe('Make [this] plain.');
    expect(format('bold', 'Make [**this**] plain.')).toBe('Make [this] plain.');
    expect(format('italic', 'An *[idea]* here.')).toBe('An [idea] here.');
  });

  it('does not read the stars of bold text as italic markers', () => {
    expect(format('italic', 'Very **[bold]** text.')).toBe('Very **[*bold*]** text.');
  });

  it('wraps each line of a selection that spans paragraphs on its own', () => {
    expect(format('bold', '[First line.\n\nSecond line.]')).toBe('[**First line.**\n\n**Second line.**]');
  });

  it('inserts a selected placeholder at a caret, and removes an empty pair', () => {
    expect(format('bold', 'Say |now')).toBe('Say **[bold text]**now');
    expect(format('bold', 'Say **|**now')).toBe('Say |now');
  });

  it('makes a link of the selection with its address selected, or of a selected address with its words selected', () => {
    const linked = applyFormat('link', at('Read [the guide] first.'));
    expect(linked.text).toBe('Read [the guide](https://) first.');
    expect(linked.text.slice(linked.start, linked.end)).toBe('https://');
    const fromUrl = applyFormat('link', at('See [https://example.com/a] now'));
    expect(fromUrl.text).toBe('See [link text](https://example.com/a) now');
    expect(fromUrl.text.slice(fromUrl.start, fromUrl.end)).toBe('link text');
    const empty = applyFormat('link', at('See | now'));
    expect(empty.text).toBe('See [link text](https://) now');
  });
});

describe('the line formats', () => {
  it('makes the line with the caret a heading, and a heading plain again', () => {
    expect(format('heading', 'Intro\nA sec|tion\nMore')).toBe('Intro\n## A sec|tion\nMore');
    expect(format('heading', 'Intro\n## A sec|tion\nMore')).toBe('Intro\nA sec|tion\nMore');
    expect(format('heading', '### |Deep')).toBe('|Deep');
  });

  it('lists every line the selection touches, skipping blank lines, and unlists a list', () => {
    expect(format('bulleted', 'Before\nfi[rst\nsecond\n\nthi]rd\nAfter')).toBe('Before\n[- first\n- second\n\n- third]\nAfter');
    expect(format('bulleted', '[- first\n- second]')).toBe('[first\nsecond]');
    expect(format('numbered', '[one\ntwo\nthree]')).toBe('[1. one\n2. two\n3. three]');
    expect(format('numbered', '[1. one\n2. two]')).toBe('[one\ntwo]');
  });

  it('turns one kind of list into the other instead of stacking markers', () => {
    expect(format('numbered', '[- one\n- two]')).toBe('[1. one\n2. two]');
    expect(format('bulleted', '[1. one\n2. two]')).toBe('[- one\n- two]');
  });

  it('quotes lines and unquotes them', () => {
    expect(format('quote', '[A wise line.\nAnother.]')).toBe('[> A wise line.\n> Another.]');
    expect(format('quote', '[> A wise line.\n>Another.]')).toBe('[A wise line.\nAnother.]');
  });

  it('does not take in the next line when the selection ends just after a line break', () => {
    expect(format('quote', '[Only this\n]Not this')).toBe('[> Only this]\nNot this');
  });

  it('puts the caret on an empty line after the prefix', () => {
    expect(format('bulleted', 'Text\n|')).toBe('Text\n- |');
  });
});

describe('insertBlock (an uploaded image)', () => {
  const image = '![Beds](images/0e7a3c1e-1d2b-4c5d-8e9f-0a1b2c3d4e5f.png)';
  const insert = (marked: string) => show(insertBlock(at(marked), image));

  it('puts the image in a paragraph of its own after the line the caret is on, never inside the sentence', () => {
    expect(insert('First para|graph.\n\nSecond.')).toBe(`First paragraph.\n\n${image}|\n\nSecond.`);
    expect(insert('One line, caret at its [end].')).toBe(`One line, caret at its end.\n\n${image}|\n\n`);
    expect(insert('Line one|\nline two')).toBe(`Line one\n\n${image}|\n\nline two`);
  });

  it('adds no blank lines where there already are some', () => {
    expect(insert('|')).toBe(`${image}|\n\n`);
    expect(insert('Para.\n\n|\n\nNext.')).toBe(`Para.\n\n${image}|\n\nNext.`);
  });
});
