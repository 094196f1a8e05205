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

  it('lets no markup, image or script link through, only their text', () => {
    const out = html('<script>alert(1)</script>\n\n<b onclick="x()">raw</b> ![secret](file:///etc/hostname) [run](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<script|<img|<b |onclick|onerror|javascript:|file:/);
    expect(out).toContain('raw');
    expect(out).toContain('secret');
    expect(out).toContain('run');
  });
});
