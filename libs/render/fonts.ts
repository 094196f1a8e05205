import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { NodeCompiler, type NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import { Resvg } from '@resvg/resvg-js';

/**
 * The one Typst compiler of the render activities, with the project's fonts: Inter and Playfair Display (SIL Open Font
 * License, shipped as npm packages, one folder per weight, found wherever node_modules is) and the fonts Typst embeds
 * (Libertinus Serif for the interior). Every font used is embedded in the PDFs Typst writes.
 */
export const FONTS = {
  sans: 'Inter',
  display: 'Playfair Display',
  serif: 'Libertinus Serif',
} as const;

const require = createRequire(import.meta.url);

/** Folders Typst searches (recursively) for the fonts above. */
export const fontDirectories = (): string[] =>
  ['@expo-google-fonts/inter', '@expo-google-fonts/playfair-display'].map((name) => dirname(require.resolve(`${name}/package.json`)));

// Typst's project root: a folder that does not exist, so Typst reads no file from disk, only those a compile hands it.
const TYPST_ROOT = '/pressroom-typst';

let compiler: NodeCompiler | undefined;

/** The shared compiler, created on first use (loading the fonts once). */
export function typstCompiler(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: TYPST_ROOT, fontArgs: [{ fontPaths: fontDirectories() }] });
  return compiler;
}

interface Diagnostic {
  message?: string;
  severity?: number | string;
  hints?: string[];
  range?: unknown;
}

/**
 * Compiles Typst source to a PDF; a failure throws with Typst's own diagnostics. `files` are the only files the
 * source may read, by their path from the root (`/images/<id>.png`), held in memory for this compile alone.
 */
export function compileToPdf(source: string, files: ReadonlyMap<string, Uint8Array> = new Map()): { pdf: Buffer; pageCount: number } {
  const typst = typstCompiler();
  for (const [path, data] of files) typst.mapShadow(`${TYPST_ROOT}${path}`, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  try {
    return typeset(typst, source, (document) => ({ pdf: typst.pdf(document), pageCount: document.numOfPages }));
  } finally {
    if (files.size) typst.resetShadow();
  }
}

/**
 * Compiles one page of Typst source (reading no file) to a PNG `widthPx` wide, in process: Typst draws it as SVG,
 * every glyph an outline, and resvg rasterizes that without looking for a font.
 */
export function compileToPng(source: string, widthPx: number): Buffer {
  const typst = typstCompiler();
  return typeset(typst, source, (document) =>
    new Resvg(typst.plainSvg(document), { fitTo: { mode: 'width', value: widthPx }, font: { loadSystemFonts: false } }).render().asPng(),
  );
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
