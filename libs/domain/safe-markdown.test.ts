import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { admitNoExternalResources, htmlAsText, isAdmittedUrl, remarkAdmitNoExternalResources, withoutExternalResources } from './safe-markdown.ts';

const parser = unified().use(remarkParse).use(remarkGfm);
const safeTree = unified().use(remarkParse).use(remarkGfm).use(remarkAdmitNoExternalResources);
const nodeTypes = (markdown: string) => {
  const types = new Set<string>();
  const walk = (node: { type: string; children?: unknown[] }) => {
    types.add(node.type);
    for (const child of (node.children ?? []) as { type: string }[]) walk(child);
  };
  walk(safeTree.runSync(safeTree.parse(markdown)));
  return types;
};
const source = (markdown: string) => withoutExternalResources(markdown, (text) => parser.parse(text));

describe('the rule', () => {
  it('admits web and mail links only', () => {
    for (const url of ['https://example.com/a?b=1', 'http://example.com', 'mailto:ada@example.com']) expect(isAdmittedUrl(url), url).toBe(true);
    for (const url of ['file:///etc/hostname', 'javascript:alert(1)', ' https://x', 'data:text/html,x', '#top', 'notes.html', '//example.com', 'https://x/{{< env HOME >}}', 'https://x/"onload'])
      expect(isAdmittedUrl(url), url).toBe(false);
  });

  it('keeps the text of raw HTML, without scripts, styles, embeds or tags', () => {
    expect(htmlAsText('<div class="x">Hello <b>you</b><!-- note --></div>')).toBe('Hello you');
    expect(htmlAsText('<script>fetch("x")</script><style>body{background:url(x)}</style><iframe src="x">no</iframe>after')).toBe('after');
    expect(htmlAsText('<img src="file:///etc/hostname" alt="x"><link href="x"><object data="x"></object><embed src="x">')).toBe('');
  });
});

describe('on the syntax tree', () => {
  it('leaves the tree it is given as it was, and shares what stays', () => {
    const clean = parser.parse('# Title\n\nPlain text with a [web link](https://example.com) and *emphasis*.\n\n- a list');
    expect(admitNoExternalResources(clean)).toBe(clean);
    const hostile = parser.parse('# Title\n\nA ![pic](file:///etc/hostname) in text.\n\n> <img src="http://127.0.0.1/x">\n\nPlain.');
    const before = structuredClone(hostile);
    const admitted = admitNoExternalResources(hostile);
    expect(hostile).toEqual(before);
    expect(JSON.stringify(admitted)).not.toMatch(/"type":"(image|html)"/);
    expect(admitted.children[0]).toBe(hostile.children[0]);
    expect(admitted.children[3]).toBe(hostile.children[3]);
  });

  it('leaves no image, raw HTML, definition or reference: alt text and the text of HTML stay', () => {
    const markdown = [
      'A ![pic](file:///etc/hostname) and ![ref][img] and [kept](https://example.com) and [gone](file:///x) and [![inner](http://127.0.0.1/)](https://example.com).',
      '',
      '[img]: http://127.0.0.1/img',
      '[web]: https://example.com/w',
      '',
      'See [web] and [the text][web].',
      '',
      '<div>Block <img src="http://127.0.0.1/x"> text</div>',
      '',
      '| a | b |',
      '|---|---|',
      '| <iframe src="x"></iframe>cell | line<br>break |',
    ].join('\n');
    const types = nodeTypes(markdown);
    for (const type of ['image', 'imageReference', 'html', 'definition', 'linkReference']) expect(types.has(type), type).toBe(false);
    // The tree written back as Markdown (links as [text](url), breaks as \\n), to read what is left.
    type Node = { type: string; value?: string; url?: string; children?: Node[] };
    const write = (node: Node): string =>
      node.type === 'link' ? `[${(node.children ?? []).map(write).join('')}](${node.url})` : node.type === 'break' ? '\\n' : (node.value ?? (node.children ?? []).map(write).join(node.type === 'root' || node.type === 'tableRow' ? '|' : ''));
    const out = write(safeTree.runSync(safeTree.parse(markdown)) as Node);
    expect(out).toContain('A pic and ref and [kept](https://example.com) and gone and [inner](https://example.com).');
    expect(out).toContain('See [web](https://example.com/w) and [the text](https://example.com/w).');
    expect(out).toContain('Block text');
    expect(out).toContain('cell|line\\nbreak');
    expect(types.has('break')).toBe(true);
    expect(out).not.toMatch(/127\.0\.0\.1|file:|<|iframe/);
  });
});

describe('on the source, for Quarto and Markdown viewers', () => {
  it('keeps the text as written where it names nothing', () => {
    const markdown = '# Title\n\n**Bold**, *it*, `code`, [web](https://example.com) and [mail](mailto:a@b.c).\n\n- one\n\n> quote\n\n```js\nx = 1\n```';
    expect(source(markdown)).toBe(markdown);
  });

  it('turns images into their alt text and raw HTML into its text, escaped', () => {
    expect(source('A ![a_b [c]](file:///etc/hostname) b.')).toBe('A a\\_b \\[c\\] b.');
    expect(source('<img src="http://127.0.0.1/">\n\n<p>Hi [there](x)</p>\n\nInline <span>text</span>.')).toBe('\n\nHi \\[there\\]\\(x\\)\n\nInline text.');
    expect(source('![r][i]\n\n[i]: http://127.0.0.1/i')).toBe('r\n\n[i]: http://127.0.0.1/i');
  });

  it('unwraps links that are neither web nor mail, keeping their text (and dropping images inside)', () => {
    expect(source('[open *it*](file:///etc/hostname) and <javascript:alert(1)> and [![a](x.png)](file:///y)')).toBe('open *it* and javascript:alert(1) and a');
    expect(source('[t][r]\n\n[r]: file:///etc/hostname')).toBe('t\n\n');
  });

  it('parses again until what removal joined names nothing either', () => {
    const out = source('!<span>[a](http://127.0.0.1/x) and <<b>img src="http://127.0.0.1/y">');
    const types = new Set<string>();
    const walk = (node: { type: string; children?: unknown[] }) => (types.add(node.type), (node.children as typeof node[] | undefined)?.forEach(walk));
    walk(parser.parse(out));
    expect(types.has('image')).toBe(false);
    expect(types.has('html')).toBe(false);
  });

  it('neutralises what Quarto or Pandoc would run, include or pass through', () => {
    expect(source('{{< include /etc/hostname >}} and `x`{=html} and \\input{/etc/hostname} but \\$5')).toBe(
      '\\{\\{\\< include /etc/hostname >\\}\\} and `x`\\{=html\\} and \\\\input\\{/etc/hostname\\} but \\$5',
    );
    expect(source('```{=html}\n<img src="file:///etc/hostname">\n```\n\n```{python}\nopen("/etc/hostname")\n```')).toBe(
      '```html\n<img src="file:///etc/hostname">\n```\n\n```python\nopen("/etc/hostname")\n```',
    );
    expect(source('`{{< env HOME >}}`\n\n    {{< include x >}}')).toBe('`{{{< env HOME >}}}`\n\n    {{{< include x >}}}');
  });

  it('leaves no tag Pandoc reads where GFM reads text: a tag across table cells, a fence left open in a footnote or a quote', () => {
    // GFM splits the row at each |, so it reads no tag; Pandoc reads the whole tag, attribute and all, as raw HTML.
    expect(source('| a | b |\n|---|---|\n| <img src=x onerror="alert(1)||1"> | c |\n')).toBe('| a | b |\n|---|---|\n| \\<img src=x onerror="alert(1)||1"> | c |\n');
    expect(source('| a |\n|---|\n| <svg/onload="a|b"> and 1 < 2 |')).toBe('| a |\n|---|\n| \\<svg/onload="a|b"> and 1 \\< 2 |');
    // GFM ends an open fence with its container; Pandoc reads no code block, so the lines in it are Markdown.
    expect(source('A note.[^1]\n\n[^1]: ```\n    <img src=x onerror=alert(1)>\n')).toBe('A note.[^1]\n\n[^1]: \\`\\`\\`\n    \n');
    expect(source('A note.[^1]\n\n[^1]: Text.\n\n    ~~~~\n\n    <img src=x onerror=alert(1)>\n\nAfter.')).toBe('A note.[^1]\n\n[^1]: Text.\n\n    \\~\\~\\~\\~\n\n    \n\nAfter.');
    expect(source('> ```\n> <img src=x onerror=alert(1)>\n\nAfter.')).toBe('> \\`\\`\\`\n> \n\nAfter.');
    expect(source('```\n<img src=x onerror=alert(1)>')).toBe('\\`\\`\\`\n');
    // A closed fence stays code, in a footnote as anywhere.
    const closed = 'A note.[^1]\n\n[^1]: Text.\n\n    ```\n    <b>code</b>\n    ```\n';
    expect(source(closed)).toBe(closed);
  });
});

describe("the book's own images", () => {
  const own = 'images/0b6f0d8e-5a43-4c1e-9d4e-2f1a3b5c7d9e.png';
  const other = 'images/1c7a1e9f-6b54-4d2f-8e5f-3a2b4c6d8e0f.png';
  // A path the caller admits but that names no book image is dropped all the same.
  const admitted = new Set([own, 'file:///etc/hostname', 'pic.png']);
  const images = (markdown: string) => {
    const found: { url: string; alt: string | null | undefined }[] = [];
    const walk = (node: { type: string; url?: string; alt?: string | null; children?: unknown[] }) => {
      if (node.type === 'image' || node.type === 'imageReference') found.push({ url: node.url ?? node.type, alt: node.alt });
      for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
    };
    const tree = unified().use(remarkParse).use(remarkGfm).use(remarkAdmitNoExternalResources, admitted);
    walk(tree.runSync(tree.parse(markdown)));
    return found;
  };

  it('on the tree: an admitted image stays, named inline or through a definition; every other image is its alt text', () => {
    expect(images(`A ![one](${own}) and ![two][pic] and [![three](${own})](https://example.com)\n\n[pic]: ${own}`)).toEqual([
      { url: own, alt: 'one' },
      { url: own, alt: 'two' },
      { url: own, alt: 'three' },
    ]);
    expect(images(`![a](${other}) ![b](file:///etc/hostname) ![c](pic.png) ![d](/${own}) ![e][r]\n\n[r]: ${other}`)).toEqual([]);
    expect(nodeTypes(`![x](${own})`).has('image')).toBe(false);
  });

  it('on the source: an admitted image written again with its alt text as plain text, its path and nothing else', () => {
    const admittedSource = (markdown: string) => withoutExternalResources(markdown, (text) => parser.parse(text), admitted);
    expect(admittedSource(`A ![a_b *c* {=html}](${own} "title") b.`)).toBe(`A ![a\\_b c \\{\\=html\\}](${own}) b.`);
    expect(admittedSource(`![r][i]\n\n[i]: ${own}`)).toBe(`![r](${own})\n\n`);
    expect(admittedSource(`![o](${other}) and ![f](file:///etc/hostname)`)).toBe('o and f');
    expect(source(`![x](${own})`)).toBe('x');
  });
});
