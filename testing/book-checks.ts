// The checks a reader's tools, a store or a printer run on a book's files, run as those tools (veraPDF from Maven
// Central, DAISY Ace from npm on Debian's Chromium, poppler from Debian): `npm test` installs them.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { javaToolCommand } from '../scripts/stack/java-tools.ts';
import { npmToolPath } from '../scripts/stack/npm-tools.ts';
import { CHROMIUM_HEADLESS_SHELL, chromiumPath } from '../scripts/stack/tools.ts';

const run = promisify(execFile);

export interface VeraPdfFailure {
  clause: string;
  test: number;
  description: string;
  failedChecks: number;
}

export interface VeraPdfVerdict {
  compliant: boolean;
  passedRules: number;
  failures: VeraPdfFailure[];
}

/** veraPDF's verdicts on PDFs against a profile (PDF/UA-1 by default), in one run of it: compliance and every rule failed. */
export async function veraPdf(pdfs: Uint8Array[], flavour = 'ua1'): Promise<VeraPdfVerdict[]> {
  const dir = mkdtempSync(join(tmpdir(), 'verapdf-'));
  try {
    const files = pdfs.map((pdf, i) => {
      const file = join(dir, `book-${i}.pdf`);
      writeFileSync(file, pdf);
      return file;
    });
    const [java, ...args] = javaToolCommand('verapdf');
    // veraPDF exits 1 when a file does not comply; the report is on stdout either way.
    const { stdout } = await run(java as string, [...args, '--flavour', flavour, '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const jobs: { itemDetails: { name: string }; validationResult?: unknown }[] = JSON.parse(stdout).report.jobs;
    return files.map((file) => {
      const job = jobs.find((j) => j.itemDetails.name === file);
      const result = [job?.validationResult].flat()[0] as
        | { compliant: boolean; details: { passedRules: number; ruleSummaries: { clause: string; testNumber: number; description: string; failedChecks: number }[] } }
        | undefined;
      if (!result) throw new Error(`veraPDF did not validate ${file}: ${JSON.stringify(job).slice(0, 500)}`);
      return {
        compliant: result.compliant,
        passedRules: result.details.passedRules,
        failures: result.details.ruleSummaries.map((r) => ({ clause: r.clause, test: r.testNumber, description: r.description, failedChecks: r.failedChecks })),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text layer as a reader's copy, search and screen reader get it (poppler's pdftotext). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'book.pdf');
    writeFileSync(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface AceViolation {
  impact: 'minor' | 'moderate' | 'serious' | 'critical';
  rule: string;
  title: string;
  description: string;
}

/** DAISY Ace's report on an EPUB: its outcome and every violation, with its impact. */
export async function aceReport(epub: Uint8Array): Promise<{ outcome: string; violations: AceViolation[]; metadata: Record<string, unknown> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ace-'));
  try {
    const file = join(dir, 'book.epub');
    writeFileSync(file, epub);
    const chromium = chromiumPath() ?? CHROMIUM_HEADLESS_SHELL;
    await run(npmToolPath('ace'), ['--force', '--silent', '--outdir', join(dir, 'report'), file], {
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromium },
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8'));
    type Assertion = { 'earl:test': { 'earl:impact': AceViolation['impact']; 'dct:title': string; 'dct:description'?: string }; 'earl:result': { 'dct:description'?: string } };
    const violations = (report.assertions as { assertions: Assertion[] }[]).flatMap((a) =>
      a.assertions.map((x) => ({
        impact: x['earl:test']['earl:impact'],
        rule: x['earl:test']['dct:title'],
        title: x['earl:test']['dct:description'] ?? '',
        description: x['earl:result']['dct:description'] ?? '',
      })),
    );
    return { outcome: report['earl:result']['earl:outcome'], violations, metadata: report['a11y-metadata'] ?? {} };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * epubcheck's report on an EPUB: Debian's epubcheck, run as its jar (its /usr/bin launcher needs binfmt_misc, which
 * containers often lack), in a JVM of its own.
 */
export async function epubCheck(epub: Uint8Array): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'epubcheck-'));
  try {
    const file = join(dir, 'book.epub');
    writeFileSync(file, epub);
    // epubcheck exits 1 on a finding; the report is on stdout and stderr either way.
    const { stdout, stderr } = await run('java', ['-jar', '/usr/share/java/epubcheck.jar', file], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
    return `${stdout}${stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A zip (an EPUB, a DOCX, a project) read back with Info-ZIP's unzip, as a reader's or author's tools open it. */
export function unzipped(zip: Uint8Array) {
  const file = join(mkdtempSync(join(tmpdir(), 'zip-')), 'file.zip');
  writeFileSync(file, zip);
  const unzip = (...args: string[]) => execFileSync('unzip', [...args, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    file,
    names: () => unzip('-Z1').split('\n').filter(Boolean),
    verbose: () => unzip('-v'),
    read: (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  };
}

/**
 * An area of a PDF's first page as RGB pixels, in pixels at `dpi` from its top left: poppler rasterises the area as a
 * PPM (a short header, then raw RGB bytes), so no image decoder is needed.
 */
export function pdfPixels(pdf: Uint8Array, dpi: number, area: { x: number; y: number; w: number; h: number }): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pixels-'));
  try {
    const file = join(dir, 'page.pdf');
    writeFileSync(file, pdf);
    const ppm = execFileSync('pdftoppm', ['-singlefile', '-f', '1', '-l', '1', '-r', String(dpi), '-x', String(area.x), '-y', String(area.y), '-W', String(area.w), '-H', String(area.h), file]);
    const header = /^P6\s+\d+\s+\d+\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('pdftoppm wrote no PPM');
    return ppm.subarray(header[0].length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The colour of a PDF's first page at a point, in inches from its top left (read at 20 dpi). */
export function pdfColourAt(pdf: Uint8Array, xIn: number, yIn: number): [number, number, number] {
  const dpi = 20;
  const [r, g, b] = pdfPixels(pdf, dpi, { x: Math.floor(xIn * dpi), y: Math.floor(yIn * dpi), w: 1, h: 1 });
  return [r as number, g as number, b as number];
}
