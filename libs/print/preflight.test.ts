import { describe, expect, it } from 'vitest';
import { parsePdfFonts } from './preflight.ts';

// pdffonts as poppler prints it: names longer than their column push the rest of the row to the right.
const OUTPUT = `name                                 type              encoding         emb sub uni object ID
------------------------------------ ----------------- ---------------- --- --- --- ---------
RGFRNO+LibertinusSerif-Regular-Identity-H CID Type 0C       Identity-H       yes yes yes      5  0
QAMTPT+LibertinusSerif-Bold-Identity-H CID TrueType      Identity-H       yes yes no       9  0
Helvetica                            Type 1            WinAnsi          no  no  no      12  0
[none]                               Type 3            Custom           yes no  no      14  0
`;

describe('reading pdffonts', () => {
  it('reads each row from its end, so long font names do not shift the embedded flag', () => {
    expect(parsePdfFonts(OUTPUT)).toEqual([
      { name: 'RGFRNO+LibertinusSerif-Regular-Identity-H', type: 'CID Type 0C', embedded: true },
      { name: 'QAMTPT+LibertinusSerif-Bold-Identity-H', type: 'CID TrueType', embedded: true },
      { name: 'Helvetica', type: 'Type 1', embedded: false },
      { name: '[none]', type: 'Type 3', embedded: true },
    ]);
  });

  it('finds no fonts in a PDF without any', () => {
    expect(parsePdfFonts('name type encoding emb sub uni object ID\n---- ---- ----\n')).toEqual([]);
  });
});
