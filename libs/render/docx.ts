import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type ILevelsOptions,
  type IFontAttributesProperties,
  type IParagraphOptions,
  type IRunOptions,
  type NumberingDefinition,
  type ParagraphChild,
} from 'docx';
import type { FootnoteDefinition, List, PhrasingContent, RootContent, Table as MdTable } from 'mdast';
import { BOOK_IMAGE_TYPES, CJK_SCRIPTS, SCRIPT_FONTS, bookLanguage, copyrightLine, fillLabel, referenceParts, type BookLanguage } from '../domain/index.ts';
import { NO_IMAGES, naturalWidthIn, type BookImages } from './images.ts';
import type { Manuscript } from './interior.ts';
import { parseBookMarkdown } from './safe-markdown.ts';

/**
 * The book as a Word document (DOCX), for authors who edit in Word, Pages or Google Docs: a title page, a table of
 * contents, the introduction, the chapters (each on a new page), the summary and the references, on 6 x 9 in pages.
 * Chapters are converted from their Markdown over remark's syntax tree, as the PDF and the EPUB are.
 */

/** A serif every Word install has (Libertinus Serif, the PDF's face, is rarely installed where the DOCX is opened). */
const DOCX_FONT = 'Georgia';
const MONO = 'Courier New';
const INCH = 1440;
/** 6 x 9 in, in twips. */
const DOCX_PAGE = { width: 6 * INCH, height: 9 * INCH } as const;
const MARGIN_X = 0.75 * INCH;
/** Word sizes images in pixels at 96 to the inch. */
const WORD_PX_PER_IN = 96;
const LIST_INDENT = 360;
const QUOTE_INDENT = 540;

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
}

interface BlockContext {
  /** Nesting of block quotes. */
  quote: number;
  /** Left indent from enclosing lists, in twips. */
  indent: number;
  /** Inside a footnote: Word has no footnotes in footnotes. */
  inFootnote: boolean;
}

const TOP: BlockContext = { quote: 0, indent: 0, inFootnote: false };

/** List levels: bullets (•, ◦, ▪) or numbers (1., a., i.), a quarter inch deeper at each level. */
function listLevels(ordered: boolean, start = 1): ILevelsOptions[] {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3] : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : ['•', '◦', '▪'][level % 3],
    alignment: AlignmentType.LEFT,
    start: level === 0 ? start : 1,
    style: { paragraph: { indent: { left: LIST_INDENT * (level + 1), hanging: LIST_INDENT } } },
  }));
}

/**
 * How Word is to set a book's text: its fonts, language and direction. Word sorts characters into Latin (ascii and
 * hAnsi: Latin, Greek, Cyrillic), East Asian and complex script (cs: right-to-left, Indic and Thai scripts), with a
 * font and a language for each; the book's script names its own, and Latin names and numbers keep the Latin face.
 */
function wordText(language: BookLanguage) {
  const own = SCRIPT_FONTS[language.script].serif;
  const kind = own === SCRIPT_FONTS.Latn.serif ? 'latin' : CJK_SCRIPTS.has(language.script) ? 'eastAsia' : 'cs';
  const font: IFontAttributesProperties = { ascii: DOCX_FONT, hAnsi: DOCX_FONT, ...(kind === 'latin' ? {} : { [kind]: own }) };
  const rtl = language.dir === 'rtl';
  // Right to left: paragraphs (which then start on the right), runs and tables' columns.
  const direction = { paragraph: rtl ? { bidirectional: true } : {}, run: rtl ? { rightToLeft: true } : {}, table: rtl ? { visuallyRightToLeft: true } : {} };
  return {
    font,
    mono: { ...font, ascii: MONO, hAnsi: MONO },
    language: kind === 'latin' ? { value: language.tag } : kind === 'eastAsia' ? { eastAsia: language.tag } : { bidirectional: language.tag },
    /** Emphasis: italics, or bold in a script without them. */
    emphasis: (language.italic ? { italics: true } : { bold: true }) satisfies RunStyle,
    italic: language.italic,
    direction,
    paragraph: (options: IParagraphOptions) => new Paragraph({ ...direction.paragraph, ...options }),
    run: (options: IRunOptions | string) => new TextRun({ ...direction.run, ...(typeof options === 'string' ? { text: options } : options) }),
  };
}

type WordText = ReturnType<typeof wordText>;

/** Markdown → DOCX blocks, with the footnotes and list numberings they use (shared across the whole book). */
function createConverter(images: BookImages, word: WordText) {
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  const numbering = new Map<string, NumberingDefinition>([
    ['bullets', { reference: 'bullets', levels: listLevels(false) }],
    ['numbers', { reference: 'numbers', levels: listLevels(true) }],
  ]);
  let nextFootnote = 1;
  let nextList = 1;

  function convert(markdown: string, headingOffset = 1): FileChild[] {
    const tree = parseBookMarkdown(markdown, images);
    const notes = new Map<string, FootnoteDefinition>();
    const collect = (nodes: RootContent[]) => {
      for (const node of nodes) {
        if (node.type === 'footnoteDefinition') notes.set(node.identifier, node);
        if ('children' in node && node.type !== 'footnoteDefinition') collect(node.children as RootContent[]);
      }
    };
    collect(tree.children);

    const textRun = (text: string, style: RunStyle) =>
      word.run({
        text,
        ...(style.bold ? { bold: true } : {}),
        ...(style.italics ? { italics: true } : {}),
        ...(style.strike ? { strike: true } : {}),
        ...(style.code ? { font: word.mono, size: 18, shading: { type: ShadingType.CLEAR, fill: 'EFEFEF', color: 'auto' } } : {}),
        ...(style.link ? { style: 'Hyperlink' } : {}),
      });

    function inline(nodes: PhrasingContent[], style: RunStyle, ctx: BlockContext): ParagraphChild[] {
      return nodes.flatMap((node): ParagraphChild[] => {
        switch (node.type) {
          case 'text':
            return [textRun(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '), style)];
          case 'strong':
            return inline(node.children, { ...style, bold: true }, ctx);
          case 'emphasis':
            return inline(node.children, { ...style, ...word.emphasis }, ctx);
          case 'delete':
            return inline(node.children, { ...style, strike: true }, ctx);
          case 'inlineCode':
            return [textRun(node.value, { ...style, code: true })];
          case 'break':
            return [word.run({ break: 1 })];
          case 'link':
            // Only web and mail links are left in the tree (safe-markdown.ts).
            return [new ExternalHyperlink({ link: node.url, children: inline(node.children, { ...style, link: true }, ctx) })];
          case 'image': {
            // Only the book's own images are left in the tree: at their natural size, at most as wide as the text.
            const image = images.get(node.url);
            if (!image) return [];
            const textWidthIn = (DOCX_PAGE.width - 2 * MARGIN_X - ctx.indent - ctx.quote * 2 * QUOTE_INDENT) / INCH;
            const width = Math.round(Math.min(textWidthIn, naturalWidthIn(image)) * WORD_PX_PER_IN);
            const alt = node.alt ?? '';
            return [
              new ImageRun({
                type: BOOK_IMAGE_TYPES[image.contentType],
                data: image.data,
                transformation: { width, height: Math.max(1, Math.round((width * image.height) / image.width)) },
                altText: { name: node.url, description: alt, title: alt },
              }),
            ];
          }
          case 'footnoteReference': {
            const note = notes.get(node.identifier);
            if (!note || ctx.inFootnote) return [];
            const id = nextFootnote++;
            footnotes[id] = { children: blocks(note.children, { ...TOP, inFootnote: true }).filter((b): b is Paragraph => b instanceof Paragraph) };
            return [new FootnoteReferenceRun(id)];
          }
          default: {
            // Phrasing that syntax extensions may add: its text, if it has any.
            const other = node as { children?: PhrasingContent[] };
            return other.children ? inline(other.children, style, ctx) : [];
          }
        }
      });
    }

    const paragraph = (ctx: BlockContext, options: IParagraphOptions) => {
      const left = ctx.indent + ctx.quote * QUOTE_INDENT;
      return word.paragraph({
        ...(ctx.quote ? { style: 'BlockQuote' } : {}),
        ...(left ? { indent: { left, ...(ctx.quote ? { right: QUOTE_INDENT } : {}) } } : {}),
        ...options,
      });
    };

    function list(node: List, ctx: BlockContext, level: number, instance: number | undefined): FileChild[] {
      const ordered = !!node.ordered;
      const start = node.start ?? 1;
      const reference = ordered ? (start === 1 ? 'numbers' : `numbers-from-${start}`) : 'bullets';
      if (!numbering.has(reference)) numbering.set(reference, { reference, levels: listLevels(true, start) });
      const own = ordered ? (instance ?? nextList++) : undefined;
      const itemCtx = { ...ctx, indent: ctx.indent + LIST_INDENT * (level + 1) };
      const out: FileChild[] = [];
      for (const item of node.children) {
        const [first, ...rest] = item.children;
        const checkbox = item.checked === true ? '☒ ' : item.checked === false ? '☐ ' : '';
        // The level gives the item its indent, unless the list sits in a quote or in another block that is indented.
        const shifted = ctx.indent + ctx.quote * QUOTE_INDENT;
        out.push(
          word.paragraph({
            ...(ctx.quote ? { style: 'BlockQuote' } : {}),
            ...(shifted ? { indent: { left: shifted + LIST_INDENT * (level + 1), hanging: LIST_INDENT } } : {}),
            numbering: { reference, level, ...(own !== undefined ? { instance: own } : {}) },
            children: [...(checkbox ? [word.run(checkbox)] : []), ...(first?.type === 'paragraph' ? inline(first.children, {}, ctx) : [])],
          }),
        );
        for (const child of first?.type === 'paragraph' ? rest : item.children) {
          if (child.type === 'list') out.push(...list(child, ctx, level + 1, !!child.ordered === ordered ? own : undefined));
          else out.push(...blocks([child], itemCtx));
        }
      }
      return out;
    }

    function table(node: MdTable, ctx: BlockContext): Table {
      const alignments = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;
      const columns = Math.max(1, ...node.children.map((row) => row.children.length));
      return new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        ...word.direction.table,
        rows: node.children.map(
          (row, r) =>
            new TableRow({
              ...(r === 0 ? { tableHeader: true } : {}),
              children: Array.from({ length: columns }, (_, c) => {
                const align = node.align?.[c];
                return new TableCell({
                  ...(r === 0 ? { shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } } : {}),
                  margins: { top: 60, bottom: 60, left: 100, right: 100 },
                  children: [word.paragraph({ spacing: { after: 0 }, ...(align ? { alignment: alignments[align] } : {}), children: inline(row.children[c]?.children ?? [], r === 0 ? { bold: true } : {}, ctx) })],
                });
              }),
            }),
        ),
      });
    }

    function blocks(nodes: RootContent[], ctx: BlockContext): FileChild[] {
      return nodes.flatMap((node): FileChild[] => {
        switch (node.type) {
          case 'paragraph':
            return [paragraph(ctx, { children: inline(node.children, {}, ctx) })];
          case 'heading':
            return [word.paragraph({ heading: HEADINGS[Math.min(5, node.depth - 1 + headingOffset)], children: inline(node.children, {}, ctx) })];
          case 'blockquote':
            return blocks(node.children, { ...ctx, quote: ctx.quote + 1 });
          case 'list':
            return list(node, ctx, 0, undefined);
          case 'code': {
            const lines = node.value.split('\n');
            const left = ctx.indent + ctx.quote * QUOTE_INDENT;
            return [
              word.paragraph({
                style: 'SourceCode',
                ...(left ? { indent: { left } } : {}),
                children: lines.map((line, i) => word.run({ text: line, ...(i ? { break: 1 } : {}) })),
              }),
            ];
          }
          case 'table':
            return [table(node, ctx)];
          case 'thematicBreak':
            return [word.paragraph({ style: 'SceneBreak', children: [word.run('*\u2003*\u2003*')] })];
          case 'footnoteDefinition':
            return [];
          default:
            return 'children' in node ? blocks(node.children as RootContent[], ctx) : [];
        }
      });
    }

    return blocks(tree.children, TOP);
  }

  return { convert, footnotes, numbering: () => [...numbering.values()] };
}

/** The book as a DOCX: title page, contents, introduction, chapters, summary and references. */
export async function renderDocx(book: Manuscript): Promise<Buffer> {
  const language = bookLanguage(book.language);
  const { labels } = language;
  const word = wordText(language);
  const converter = createConverter(book.images ?? NO_IMAGES, word);
  const chapterHeading = (text: string) => word.paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [word.run(text)] });

  const body: FileChild[] = [
    word.paragraph({ heading: HeadingLevel.TITLE, children: [word.run(book.title)] }),
    word.paragraph({ style: 'Author', children: [word.run(book.author)] }),
    word.paragraph({ style: 'Copyright', children: [word.run(copyrightLine(language, book.author, new Date().getFullYear()))] }),
    word.paragraph({ style: 'ContentsHeading', pageBreakBefore: true, children: [word.run(labels.contents)] }),
    new TableOfContents(labels.contents, { hyperlink: true, headingStyleRange: '1-1' }),
  ];
  if (book.introduction?.trim()) body.push(chapterHeading(labels.introduction), ...converter.convert(book.introduction));
  for (const chapter of [...book.chapters].sort((a, b) => a.number - b.number)) {
    body.push(chapterHeading(`${chapter.number}. ${chapter.title}`), ...converter.convert(chapter.content));
  }
  if (book.summary?.trim()) body.push(chapterHeading(labels.summary), ...converter.convert(book.summary));
  if (book.references.length) {
    body.push(chapterHeading(labels.references), ...[...book.references].sort((a, b) => a.n - b.n).map((r) => {
      const { label, source, passages } = referenceParts(r, language);
      const cited = passages.length ? [word.run({ break: 1, text: `${labels.passagesCited}: ${passages.join('; ')}`, size: 18 })] : [];
      return word.paragraph({ style: 'Reference', children: [word.run(`${label} ${source}`), ...cited] });
    }));
  }

  const heading = (size: number, before: number, after: number, italics = false) => ({
    run: { font: word.font, size, bold: true, italics: italics && word.italic, color: '000000' },
    paragraph: { spacing: { before, after }, keepNext: true, keepLines: true },
  });

  const document = new Document({
    title: book.title,
    creator: book.author,
    description: `${book.title} — ${fillLabel(labels.byline, { author: book.author })}`,
    lastModifiedBy: 'Pressroom',
    styles: {
      default: {
        document: {
          // The direction here too, for the paragraphs Word makes itself (the contents, when it fills them in).
          run: { font: word.font, size: 21, language: word.language, ...word.direction.run },
          paragraph: { spacing: { after: 120, line: 264 }, ...word.direction.paragraph },
        },
        title: { run: { font: word.font, size: 52, bold: true, color: '000000' }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 3 * INCH, after: 480 } } },
        heading1: heading(36, 1.2 * INCH, 480),
        heading2: heading(26, 320, 160),
        heading3: heading(23, 240, 120),
        heading4: heading(21, 200, 100, true),
        heading5: heading(21, 200, 100, true),
        heading6: heading(21, 200, 100, true),
      },
      paragraphStyles: [
        { id: 'Author', name: 'Author', basedOn: 'Normal', run: { size: 30 }, paragraph: { alignment: AlignmentType.CENTER } },
        { id: 'Copyright', name: 'Copyright', basedOn: 'Normal', run: { size: 17 }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 2 * INCH } } },
        { id: 'ContentsHeading', name: 'Contents Heading', basedOn: 'Normal', run: { size: 36, bold: true }, paragraph: { spacing: { before: 1.2 * INCH, after: 480 } } },
        { id: 'BlockQuote', name: 'Block Quote', basedOn: 'Normal', quickFormat: true, run: { italics: word.italic }, paragraph: { indent: { left: QUOTE_INDENT, right: QUOTE_INDENT }, spacing: { before: 120, after: 120 } } },
        {
          id: 'SourceCode',
          name: 'Source Code',
          basedOn: 'Normal',
          run: { font: word.mono, size: 17 },
          paragraph: { spacing: { before: 120, after: 120, line: 240 }, shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } },
        },
        { id: 'SceneBreak', name: 'Scene Break', basedOn: 'Normal', paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240 } } },
        { id: 'Reference', name: 'Reference', basedOn: 'Normal', paragraph: { indent: { left: LIST_INDENT * 2, hanging: LIST_INDENT * 2 } } },
      ],
    },
    numbering: { config: converter.numbering() },
    footnotes: converter.footnotes,
    sections: [
      {
        properties: {
          titlePage: true,
          page: {
            size: DOCX_PAGE,
            margin: { top: 0.8 * INCH, bottom: 0.75 * INCH, left: MARGIN_X, right: MARGIN_X, header: 0.4 * INCH, footer: 0.4 * INCH, gutter: 0 },
          },
        },
        footers: {
          first: new Footer({ children: [word.paragraph({ children: [] })] }),
          default: new Footer({ children: [word.paragraph({ alignment: AlignmentType.CENTER, children: [word.run({ size: 18, children: [PageNumber.CURRENT] })] })] }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}
