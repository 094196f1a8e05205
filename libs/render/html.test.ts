import { describe, expect, it } from 'vitest';
import { BOOK_HTML_POLICY, renderBookHtml } from './html.ts';

const HOSTILE = [
  'Plain words & 1 < 2 > 0.',
  '<script>alert(1)</script>',
  '<img src="http://127.0.0.1:9/pixel.png" onerror="alert(2)">',
  '![remote](https://tracker.example/pixel.png "t")',
  '[click](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=) and <javascript:alert(4)>',
  '<iframe src="https://evil.example/"></iframe><style>body{background:url(https://evil.example/x)}</style>',
  '<a href="https://evil.example/" onclick="alert(5)">raw link</a> <b onmouseover="alert(6)">bold raw</b>',
  '[ref link][r]\n\n[r]: javascript:alert(7)',
  '<svg onload="alert(8)"><circle/></svg><object data="x.swf"></object><form action="https://evil.example/"><input></form>',
  '[a fine link](https://example.com/page) and **strong** text.',
].join('\n\n');

const book = {
  title: 'The </title><script>alert("t")</script> Book',
  author: 'Ada <b>Writer</b>',
  language: 'English',
  introduction: 'An introduction with <script>alert("i")</script> in it.',
  chapters: [
    { number: 1, title: 'One <img src=x onerror=alert(9)>', content: HOSTILE },
    { number: 2, title: 'Two', content: '## A section\n\n- a list\n- of points\n\n> quoted' },
  ],
  summary: 'All said.',
  references: [{ n: 1, filename: '<script>notes</script>.md' }],
};

describe('renderBookHtml', () => {
  const html = renderBookHtml(book);

  it('lays the book out: title page, contents, introduction, chapters, summary and references', () => {
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<nav aria-label="Contents"><h2>Contents</h2>');
    for (const id of ['introduction', 'chapter-1', 'chapter-2', 'summary', 'references']) {
      expect(html).toContain(`<a href="#${id}">`);
      expect(html).toContain(`<section id="${id}">`);
    }
    expect(html).toContain('<h2>A section</h2>');
    expect(html).toContain('<li>a list</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html.indexOf('id="introduction"')).toBeLessThan(html.indexOf('id="chapter-1"'));
    expect(html.indexOf('id="chapter-2"')).toBeLessThan(html.indexOf('id="summary"'));
  });

  it('escapes the title, author and headings instead of reading them as markup', () => {
    expect(html).toContain('<title>The &lt;/title&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; Book</title>');
    expect(html).toContain('<p>Ada &lt;b&gt;Writer&lt;/b&gt;</p>');
    expect(html).toContain('1. One &lt;img src=x onerror=alert(9)&gt;');
    expect(html).toContain('&lt;script&gt;notes&lt;/script&gt;.md');
    expect(html).toContain('Plain words &#x26; 1 &#x3C; 2 > 0.');
  });

  it('can run nothing and load nothing, whatever the text says', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(img|iframe|svg|object|embed|form|input|link|base|meta http-equiv)\b/i);
    // Every real tag's attributes (text that looks like a tag is escaped, so it is no tag).
    const attributes = [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) => [...(tag[0] as string).replace(/"[^"]*"/g, '""').matchAll(/\s([\w-]+)=/g)].map((a) => (a[1] as string).toLowerCase()));
    expect(new Set(attributes)).toEqual(new Set(['lang', 'dir', 'charset', 'name', 'content', 'class', 'aria-label', 'href', 'id', 'value']));
    expect(html).not.toContain('tracker.example');
    // The only <style> is the page's own; no style attribute comes from the text.
    expect(html.match(/<style/g)).toHaveLength(1);
    // Links go to the web, to e-mail, or within the page; the raw HTML link is its text.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
    expect(hrefs).toContain('https://example.com/page');
    expect(hrefs.every((h) => /^(#|https?:\/\/|mailto:)/.test(h))).toBe(true);
    expect(hrefs).not.toContain('https://evil.example/');
    expect(html).toContain('raw link');
    expect(html).toContain('bold raw');
    expect(html).toContain('click');
    expect(html).toContain('remote');
  });

  it('leaves out what the book does not have', () => {
    const bare = renderBookHtml({ ...book, introduction: null, summary: null, references: [] });
    expect(bare).not.toContain('id="introduction"');
    expect(bare).not.toContain('id="summary"');
    expect(bare).not.toContain('id="references"');
  });
});

describe('BOOK_HTML_POLICY', () => {
  it('allows the inline style and images inside the page, and nothing else to load or run', () => {
    const directives = Object.fromEntries(BOOK_HTML_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['style-src']).toEqual(["'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(['data:']);
    expect(directives['script-src']).toBeUndefined();
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'none'"]);
    expect(directives.sandbox).not.toContain('allow-scripts');
    expect(directives.sandbox).not.toContain('allow-same-origin');
  });
});
