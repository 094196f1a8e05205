import { describe, expect, it } from 'vitest';
import { dispositionName } from './BookDownloads.tsx';

describe("a download's name", () => {
  it("is the whole UTF-8 name the API gives (a Japanese title's letters too)", () => {
    expect(dispositionName(`attachment; filename="_book.pdf"; filename*=UTF-8''${encodeURIComponent('東京の庭_book.pdf')}`)).toBe('東京の庭_book.pdf');
  });

  it('is left to the page when the API gives only an ASCII name, no header or a broken one', () => {
    expect(dispositionName('attachment; filename="Remote_Leadership_book.pdf"')).toBeNull();
    expect(dispositionName(null)).toBeNull();
    expect(dispositionName("attachment; filename*=UTF-8''%E6%9D")).toBeNull();
  });
});
