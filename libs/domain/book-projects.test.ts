import { describe, expect, it } from 'vitest';
import { downloadName, resumePath, titledFileName } from './book-projects.ts';
import { fitUtf8, TITLE_IN_FILE_NAME_BYTES } from './generation.ts';

describe('resumePath', () => {
  it('opens an unfinished book on the page it was started on, the wizard for any other', () => {
    const at = (source: string) => resumePath({ project_id: 'p-1', source });
    expect(at('workflow')).toBe('/workflow?project=p-1');
    expect(at('demo')).toBe('/demo?project=p-1');
    expect(at('one-shot')).toBe('/one-shot?project=p-1');
    expect(at('wizard')).toBe('/ai-generator?project=p-1');
  });
});

describe('file names from a title', () => {
  it('keep a title whole when it fits, and the start of a long one in any script, never a character cut in half', () => {
    expect(downloadName('Remote Leadership', 'pdf')).toBe('Remote_Leadership_book.pdf');
    const japanese = titledFileName('長い題名の本'.repeat(34), 'book.pdf');
    expect(Buffer.byteLength(japanese)).toBeLessThanOrEqual(TITLE_IN_FILE_NAME_BYTES + '_book.pdf'.length);
    expect(japanese).toMatch(/^(?:長い題名の本)+[長い題名の本]*_book\.pdf$/u);
    // A letter with its combining mark, and an emoji of several code points, stay whole.
    expect(fitUtf8('e\u0301'.repeat(10), 5)).toBe('e\u0301');
    expect(fitUtf8('👩‍💻👩‍💻', 10)).toBe('');
    expect(fitUtf8('👩‍💻👩‍💻', 12)).toBe('👩‍💻');
    expect(fitUtf8('👩‍💻👩‍💻', 11 * 2)).toBe('👩‍💻👩‍💻');
    expect(fitUtf8('short', 100)).toBe('short');
  });
});
