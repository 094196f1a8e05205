import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { BuildMessages, UNPRINTABLE_TEXT } from '../domain/index.ts';
import { cjkFontPaths } from './system-fonts.ts';
import { NodeCompiler, type NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

const REGULAR_AND_BOLD = ['400Regular', '700Bold'];

/**
 * The fonts every format is set in, chosen by script in libs/domain/languages.ts (SCRIPT_FONTS): Inter and Playfair
 * Display for covers; Noto Serif and Noto Sans behind them for every Latin, Greek and Cyrillic letter; Amiri and Noto
 * Sans Arabic, Noto's Hebrew, Devanagari and Bengali faces and Sarabun for Thai — all SIL Open Font License, shipped as npm
 * packages, one folder per weight, of which only the weights used are loaded — and Noto Serif/Sans CJK (Japanese,
 * Chinese, Korean) from Debian's fonts-noto-cjk. Libertinus Serif, the Latin book face, is one Typst embeds. Every
 * font used is embedded in the PDFs Typst writes.
 *
 * Each font package is listed with the weight folders loaded (all of them for the covers' two faces).
 */
const FONT_PACKAGES: [name: string, weights: string[] | 'all'][] = [
  ['inter', 'all'],
  ['playfair-display', 'all'],
  ['noto-serif', [...REGULAR_AND_BOLD, '400Regular_Italic', '700Bold_Italic']],
  ['noto-sans', REGULAR_AND_BOLD],
  ['amiri', REGULAR_AND_BOLD],
  ['noto-sans-arabic', REGULAR_AND_BOLD],
  ['noto-serif-hebrew', REGULAR_AND_BOLD],
  ['noto-sans-hebrew', REGULAR_AND_BOLD],
  ['noto-serif-devanagari', REGULAR_AND_BOLD],
  ['noto-sans-devanagari', REGULAR_AND_BOLD],
  ['noto-serif-bengali', REGULAR_AND_BOLD],
  ['noto-sans-bengali', REGULAR_AND_BOLD],
  ['sarabun', REGULAR_AND_BOLD],
];

const isFontFile = (name: string) => /\.(ttf|otf|ttc)$/i.test(name);

let files: string[] | undefined;

/** Every font file Typst is handed (a missing CJK collection leaves those scripts to the glyph check). */
function fontFiles(): string[] {
  files ??= [
    ...FONT_PACKAGES.flatMap(([name, weights]) => {
      const root = dirname(require.resolve(`@expo-google-fonts/${name}/package.json`));
      const folders = weights === 'all' ? readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : weights;
      return folders.flatMap((folder) => readdirSync(join(root, folder)).filter(isFontFile).map((file) => join(root, folder, file)));
    }),
    ...cjkFontPaths().filter((path) => existsSync(path)),
  ];
  return files;
}

let coverage: Set<number> | undefined;

/** The code points some font covers (read once from the fonts' character maps). */
function coveredCodePoints(): Set<number> {
  if (!coverage) {
    coverage = new Set();
    // A family's weights cover the same characters: its regular face speaks for them all.
    for (const path of fontFiles().filter((file) => /Regular\.tt[cf]$/.test(file))) {
      const font = fontkit.openSync(path);
      const faces = 'fonts' in font ? font.fonts.slice(0, 1) : [font];
      for (const face of faces) for (const code of face.characterSet) coverage.add(code);
    }
  }
  return coverage;
}

// Never drawn as glyphs: spaces, controls, format characters (joiners, direction marks) and variation selectors.
const UNDRAWN = /[\p{Z}\p{Cc}\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u;

/** Text with characters no font covers: the build fails with their names (BuildMessages.uncovered), never prints boxes. */
export class UnprintableTextError extends Error {
  override name = UNPRINTABLE_TEXT;
}

/** Throws UnprintableTextError naming the characters of `text` no font covers and where they are. */
export function assertPrintable(text: string, where: string): void {
  const missing = uncoveredCharacters(text);
  if (missing.length) throw new UnprintableTextError(BuildMessages.uncovered(missing, where));
}

/** The distinct characters of `text` that no font covers, in order of first appearance. */
function uncoveredCharacters(text: string): string[] {
  const covered = coveredCodePoints();
  const missing = new Set<string>();
  for (const char of text) if (!covered.has(char.codePointAt(0) as number) && !UNDRAWN.test(char)) missing.add(char);
  return [...missing];
}

// Typst's project root: a folder that does not exist, so Typst reads no file from disk, only those a compile hands it.
const TYPST_ROOT = '/pressroom-typst';

let compiler: NodeCompiler | undefined;

/** The shared compiler, created on first use (loading the fonts once). */
export function typstCompiler(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: TYPST_ROOT, fontArgs: [{ fontPaths: fontFiles() }] });
  return compiler;
}

interface Diagnostic {
  message?: string;
  severity?: number | string;
  hints?: string[];
  range?: unknown;
}

/**
 * Compiles Typst source to a tagged PDF, to `standard` when given; a failure throws with Typst's own diagnostics.
 * `files` are the only files the source may read, by their path from the root (`/images/<id>.png`), held in memory
 * for this compile alone. `queries` name labels of metadata elements whose values the typeset document is asked
 * for (`queried`: for each label, the values of its elements in document order).
 */
export function compileToPdf(
  source: string,
  files: ReadonlyMap<string, Uint8Array> = new Map(),
  { standard, queries }: { standard?: PdfStandard; queries?: string[] } = {},
): { pdf: Buffer; pageCount: number; standard: PdfStandard | null; queried?: unknown[][] } {
  return withFiles(files, (typst) =>
    typeset(typst, source, (document) => ({
      ...exportPdf(typst, document, standard),
      pageCount: document.numOfPages,
      ...(queries ? { queried: queries.map((label) => typst.query(document, { selector: label, field: 'value' }) as unknown[]) } : {}),
    })),
  );
}


/** Runs `use` with `files` readable at their paths in the compiler's memory (the only files Typst can read), then forgets them. */
function withFiles<T>(files: ReadonlyMap<string, Uint8Array>, use: (typst: NodeCompiler) => T): T {
  const typst = typstCompiler();
  for (const [path, data] of files) typst.mapShadow(`${TYPST_ROOT}${path}`, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  try {
    return use(typst);
  } finally {
    if (files.size) typst.resetShadow();
  }
}

export type PdfStandard = 'ua-1';

/**
 * A tagged PDF (Typst tags every one: structure tree, artifacts, alt text, language), written to `standard` when the
 * document meets it. Typst checks the standard's rules as it writes; a document that breaks one (headings that skip a
 * level, an image without alt text) is written tagged, without claiming the standard.
 */
function exportPdf(typst: NodeCompiler, document: NodeTypstDocument, standard: PdfStandard | undefined): { pdf: Buffer; standard: PdfStandard | null } {
  if (standard) {
    try {
      return { pdf: typst.pdf(document, { pdfStandard: standard }), standard };
    } catch (error) {
      if (!String(error).includes(`PDF/${standard.toUpperCase()} error`)) throw error;
    }
  }
  return { pdf: typst.pdf(document), standard: null };
}

/**
 * Compiles one page of Typst source (reading no file but `files`, from memory) to a PNG `widthPx` wide, in process: Typst draws it as SVG,
 * every glyph an outline, and resvg rasterizes that without looking for a font.
 */
export function compileToPng(source: string, widthPx: number, files: ReadonlyMap<string, Uint8Array> = new Map()): Buffer {
  return withFiles(files, (typst) =>
    typeset(typst, source, (document) => new Resvg(typst.plainSvg(document), { fitTo: { mode: 'width', value: widthPx }, font: { loadSystemFonts: false } }).render().asPng()),
  );
}

/** Compiles Typst source (reading no file but `files`, from memory) to one SVG of all its pages, every glyph an outline. */
export function compileToSvg(source: string, files: ReadonlyMap<string, Uint8Array> = new Map()): string {
  return withFiles(files, (typst) => typeset(typst, source, (document) => typst.plainSvg(document)));
}

function typeset<T>(typst: NodeCompiler, source: string, output: (document: NodeTypstDocument) => T): T {
  const result = typst.compile({ mainFileContent: source });
  try {
    const document = result.result;
    if (!document) {
      const error = result.takeDiagnostics() ?? result.takeError();
      let details = 'unknown error';
      if (error) {
        let diagnostics: Diagnostic[] = [];
        try {
          diagnostics = typst.fetchDiagnostics(error) as Diagnostic[];
        } catch {
          diagnostics = error.shortDiagnostics as Diagnostic[];
        }
        const lines = diagnostics.map((d) => [d.message ?? JSON.stringify(d), ...(d.hints ?? []).map((h) => `hint: ${h}`)].join('; '));
        if (lines.length) details = lines.join(' | ');
      }
      throw new Error(`Typesetting failed: ${details.slice(0, 1000)}`);
    }
    return output(document);
  } finally {
    typst.evictCache(10);
  }
}
