import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxWithText } from '../../testing/files.ts';
import { declaringSize, docxBomb, docxOfParagraphs } from '../../testing/zip-bomb.ts';
import { docxEntries, documentText, DocumentTooLargeError } from './parse.ts';

const MB = 1024 * 1024;
const limits = { maxUnpackedBytes: MB, maxZipEntries: 50, maxTextChars: MB, timeoutMs: 10_000 };

describe('the entries of a DOCX', () => {
  it('give its text through mammoth', async () => {
    expect(Object.keys(docxEntries(await docxWithText(['Hello']), limits))).toContain('word/document.xml');
    await expect(documentText('docx', await docxWithText(['Hello', 'world']), limits)).resolves.toEqual({ text: 'Hello\n\nworld\n\n', title: null });
  });

  it('are refused when their declared sizes add up past the limit, or when there are too many', () => {
    expect(() => docxEntries(docxBomb(2 * MB), limits)).toThrow(DocumentTooLargeError);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}.xml`, new Uint8Array(1)]));
    expect(() => docxEntries(zipSync(many), limits)).toThrow(DocumentTooLargeError);
  });

  it('are cut at the size they declare, and a stored one counts at its stored size', () => {
    const liar = declaringSize(docxOfParagraphs(30_000), 'word/document.xml', 1000);
    expect(docxEntries(liar, limits)['word/document.xml']).toHaveLength(1000);
    const stored = declaringSize(Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(2 * MB) }, { level: 0 })), 'zeros.bin', 1);
    expect(() => docxEntries(stored, limits)).toThrow(DocumentTooLargeError);
  });

  it('leave out one named __proto__, which would otherwise become the prototype of them all', () => {
    const zip = docxOfParagraphs(1, { aaaaaaaaa: new Uint8Array(1000) });
    for (let at = zip.indexOf('aaaaaaaaa'); at !== -1; at = zip.indexOf('aaaaaaaaa')) zip.write('__proto__', at);
    const entries = docxEntries(zip, limits);
    expect(Object.getPrototypeOf(entries)).toBe(Object.prototype);
    expect(Object.keys(entries)).toHaveLength(3);
  });
});
