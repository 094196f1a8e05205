import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fonts that come from Debian rather than npm: Noto Serif and Sans CJK (Regular and Bold; each collection holds
 * the Japanese, Simplified and Traditional Chinese and Korean faces), 89 MB that no npm package ships as small.
 * `npm start`, `npm test` and the Dockerfile install the package; `CJK_FONT_DIR` points at another copy of the files.
 */
export const CJK_FONTS = {
  debianPackage: 'fonts-noto-cjk',
  dir: process.env.CJK_FONT_DIR || '/usr/share/fonts/opentype/noto',
  files: ['NotoSerifCJK-Regular.ttc', 'NotoSerifCJK-Bold.ttc', 'NotoSansCJK-Regular.ttc', 'NotoSansCJK-Bold.ttc'],
} as const;

export const cjkFontPaths = () => CJK_FONTS.files.map((file) => join(CJK_FONTS.dir, file));
export const cjkFontsPresent = () => cjkFontPaths().every((path) => existsSync(path));
