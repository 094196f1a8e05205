import { describe, expect, it } from 'vitest';
import { titledFileName } from '../../../../libs/domain/index.ts';
import { contentDisposition } from './content-disposition.ts';

describe('a download name', () => {
  it("keeps the title's letters in any script, each run of anything else one underscore", () => {
    expect(titledFileName('Remote Leadership', 'book.pdf')).toBe('Remote_Leadership_book.pdf');
    expect(titledFileName('東京の庭 — 四季', 'book.pdf')).toBe('東京の庭_四季_book.pdf');
    expect(titledFileName('Café: déjà vu', 'book.epub')).toBe('Café_déjà_vu_book.epub');
    expect(titledFileName('حديقة المنزل', 'cover.pdf')).toBe('حديقة_المنزل_cover.pdf');
  });
});

describe('the Content-Disposition header', () => {
  it('is the plain quoted name when the name is plain ASCII', () => {
    expect(contentDisposition('Remote_Leadership_book.pdf')).toBe('attachment; filename="Remote_Leadership_book.pdf"');
    expect(contentDisposition('page-1.png', true)).toBe('inline; filename="page-1.png"');
  });

  it("gives a Japanese title's letters in filename*, and an ASCII fallback in filename (RFC 6266)", () => {
    const header = contentDisposition(titledFileName('東京の庭', 'book.pdf'));
    expect(header).toBe(`attachment; filename="_book.pdf"; filename*=UTF-8''${encodeURIComponent('東京の庭')}_book.pdf`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '')).toBe('東京の庭_book.pdf');
  });

  it('drops accents in the fallback and keeps them in filename*', () => {
    expect(contentDisposition('Café_déjà_vu_book.pdf')).toBe(`attachment; filename="Cafe_deja_vu_book.pdf"; filename*=UTF-8''Caf%C3%A9_d%C3%A9j%C3%A0_vu_book.pdf`);
  });

  it('lets no quote, backslash, control character or bare attr-char breaker through', () => {
    const header = contentDisposition('a"b\\c%41\r\nSet-Cookie: x (1)*\'.pdf');
    expect(header).toBe(`attachment; filename="a_b_c_41_Set-Cookie: x (1)*'.pdf"; filename*=UTF-8''a%22b%5Cc%2541%0D%0ASet-Cookie%3A%20x%20%281%29%2A%27.pdf`);
  });
});
