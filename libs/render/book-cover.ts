// A book's cover, drawn from the book and its author's design: the book's own cover, and every press or product cover
// derived from it (a print order's, an Elite proof's), each into a file of its own.
import type { Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { GeneratorProject } from '../db/index.ts';
import {
  countWords, coverGeometry, DEFAULT_COVER_CHOICE, DEFAULT_COVER_PAGE_COUNT, isCoverTemplate, PRESS_COVER_TEMPLATE, trimInches,
  type CoverChoice, type CoverGeometry, type PaperType,
} from '../domain/index.ts';
import type { CoverInput } from './cover.ts';
import type { TrimSize } from './interior.ts';

/** Plain text of markdown, for the back-cover blurb. */
function plainText(markdown: string): string {
  const tree = unified().use(remarkParse).parse(markdown) as Root;
  const collect = (node: unknown): string => {
    const n = node as { value?: string; children?: unknown[]; type: string };
    if (typeof n.value === 'string') return n.value;
    return (n.children ?? []).map(collect).join(n.type === 'root' ? '\n\n' : '');
  };
  return collect(tree).replace(/\[\d+\]/g, '').trim();
}

/** A blurb of about `words` words, cut at a sentence end (found by the Unicode sentence segmenter, in any script). */
function blurbOf(text: string, words = 110): string {
  const paragraph = plainText(text).split(/\n{2,}/)[0] ?? '';
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(paragraph)) {
    if (out && countWords(out + segment) > words) break;
    out += segment;
  }
  return out.trim();
}

/** The cover's words: the brief is the tagline when it is short, the blurb comes from the summary (or the brief). */
export function coverInput(book: { title: string; author: string; idea: string; blurbFrom: string; pageCount: number; language?: string }, choice: CoverChoice): CoverInput {
  return {
    language: book.language,
    title: book.title,
    author: book.author,
    tagline: book.idea.length <= 90 ? book.idea : null,
    blurb: blurbOf(book.blurbFrom),
    pageCount: book.pageCount,
    template: choice.template,
    includeSpineTitle: choice.includeSpineTitle,
    designStyle: choice.designStyle,
    colorScheme: choice.colorScheme,
  };
}

/** The author's cover design for a book: the one chosen last, else the defaults (with the template a cover was drawn for). */
export function coverDesignOf(project: Pick<GeneratorProject, 'coverDesign' | 'coverTemplate'>): CoverChoice {
  return { ...DEFAULT_COVER_CHOICE, ...(isCoverTemplate(project.coverTemplate) ? { template: project.coverTemplate } : {}), ...project.coverDesign };
}

type CoverBook = Pick<GeneratorProject, 'title' | 'author' | 'topic' | 'summary' | 'pageCount' | 'language' | 'coverDesign' | 'coverTemplate' | 'trimSize' | 'paper'>;
/** The author's own front image, read from storage by the caller (see GeneratorProject.coverUpload). */
type FrontImage = CoverInput['frontImage'];

/** The book's own cover in `design` (the author's, by default), at the book's trim, on its paper, with the author's front if any. */
export function bookCoverInput(project: CoverBook, design: CoverChoice = coverDesignOf(project), frontImage: FrontImage = null): CoverInput {
  return {
    ...coverInput(
      { title: project.title, author: project.author, idea: project.topic, blurbFrom: project.summary || project.topic, pageCount: project.pageCount ?? DEFAULT_COVER_PAGE_COUNT, language: project.language },
      design,
    ),
    trim: trimInches(project.trimSize),
    paper: project.paper,
    frontImage,
  };
}

/** The size of the book's own cover: its design's template, its trim and paper, its page count; null before it is typeset. */
export function bookCoverGeometry(project: Pick<GeneratorProject, 'coverDesign' | 'coverTemplate' | 'pageCount' | 'trimSize' | 'paper'>): CoverGeometry | null {
  if (!project.pageCount) return null;
  return coverGeometry({ template: coverDesignOf(project).template, pageCount: project.pageCount, trim: trimInches(project.trimSize), paper: project.paper });
}

/** What a product's cover is drawn at: its trim and paper. */
export const productCover = (product: { spec: { trim: { width: number; height: number }; paper_type: PaperType } }) => ({
  trim: { widthIn: product.spec.trim.width, heightIn: product.spec.trim.height },
  paper: product.spec.paper_type,
});

/**
 * The cover the press prints for a product: the author's design (and front), drawn to the printer's template (its
 * spine formula) at the product's trim, on its paper, for the interior's page count.
 */
export function pressCoverInput(project: CoverBook, product: { trim: TrimSize; paper: PaperType; pageCount: number }, frontImage: FrontImage = null): CoverInput {
  return { ...bookCoverInput(project, { ...coverDesignOf(project), template: PRESS_COVER_TEMPLATE }, frontImage), pageCount: product.pageCount, trim: product.trim, paper: product.paper };
}
