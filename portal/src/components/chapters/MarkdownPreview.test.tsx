import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownPreview } from './MarkdownPreview.tsx';

const html = (markdown: string) => renderToStaticMarkup(<MarkdownPreview markdown={markdown} label="Preview" />);

describe('the chapter preview', () => {
  it('shows the formatting the toolbar writes', () => {
    const out = html('## A section\n\nSome **bold** and *italic* text with [a link](https://example.com).\n\n- one\n- two\n\n1. first\n\n> quoted');
    expect(out).toContain('<h3>A section</h3>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>italic</em>');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">a link</a>');
    expect(out).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(out).toContain('<ol><li>first</li></ol>');
    expect(out).toContain('<blockquote><p>quoted</p></blockquote>');
  });

  it("is set in the book's language and direction, or in the direction its text starts with", () => {
    expect(renderToStaticMarkup(<MarkdownPreview markdown="مرحبا بالعالم" label="Preview" language="ar" />)).toMatch(/^<div class="markdown-preview" aria-label="Preview" role="region" tabindex="0" lang="ar" dir="rtl">/);
    expect(renderToStaticMarkup(<MarkdownPreview markdown="Hallo" label="Preview" language="German" />)).toContain('lang="de" dir="ltr"');
    expect(html('Hello')).toContain('dir="auto"');
    expect(html('Hello')).not.toContain('lang=');
  });

  it('lets no markup, image or script link through, only their text', () => {
    const out = html('<script>alert(1)</script>\n\n<b onclick="x()">raw</b> ![secret](file:///etc/hostname) [run](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<script|<img|<b |onclick|onerror|javascript:|file:/);
    expect(out).toContain('raw');
    expect(out).toContain('secret');
    expect(out).toContain('run');
  });

  it("shows the book's own images, fetched from the API, and no other image", () => {
    const own = 'images/0e7a3c1e-1d2b-4c5d-8e9f-0a1b2c3d4e5f.png';
    const notThisBooks = 'images/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a.png';
    const images = new Map([[own, '/api/projects/p/images/0e7a3c1e-1d2b-4c5d-8e9f-0a1b2c3d4e5f']]);
    const out = renderToStaticMarkup(<MarkdownPreview markdown={`![Raised beds](${own})\n\n![Not ours](${notThisBooks}) ![Web](https://example.com/a.png)`} label="Preview" images={images} />);
    // OwnedImage fetches the bytes with the author's token once mounted; until then it holds the image's place.
    expect(out).toContain('aria-label="Loading Raised beds"');
    expect(out).not.toMatch(/<img|Loading Not ours|Loading Web|example\.com/);
    expect(out).toContain('Not ours');
    expect(out).toContain('Web');
    expect(html(`![Raised beds](${own})`)).not.toContain('Loading');
  });
});
