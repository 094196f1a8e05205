import { defineEntity, p } from '@mikro-orm/core';
import {
  CONTENT_DEPTHS, DEFAULT_LANGUAGE_TAG, DEFAULT_PAPER, DEFAULT_TRIM_SIZE, GENERATION_MODES, PAPER_TYPES, PROVIDER_IDS, TRIM_SIZES,
  type BookReference, type CoverChoice, type CoverUpload,
} from '../../domain/index.ts';
import { User } from './user.ts';

export interface OutlineChapter {
  number: number;
  title: string;
  description: string;
  key_points: string[];
  target_words: number;
}

/** A book being generated: its brief, where the workflow is, and the content that is not per chapter. */
export const GeneratorProjectSchema = defineEntity({
  name: 'GeneratorProject',
  tableName: 'generator_projects',
  properties: {
    id: p.uuid().primary(),
    /** Null for anonymous generation; then the unguessable id is the only key. */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    name: p.string(),
    title: p.string(),
    author: p.string(),
    topic: p.text(),
    writingStyle: p.string(),
    totalTargetWords: p.integer(),
    /** Chapters the author asked for; when null the outline picks a count from the word target. */
    chapterCount: p.integer().nullable(),
    /** The book's BCP 47 tag (libs/domain/languages.ts); the API stores only listed tags. */
    language: p.string().default(DEFAULT_LANGUAGE_TAG),
    provider: p.enum(PROVIDER_IDS),
    mode: p.enum(['auto', 'step'] as const),
    /** How its chapters are written (§9): the brief's choice, then the one the last chapters stage ran with. */
    generationMode: p.enum(GENERATION_MODES).nullable(),
    contentDepth: p.enum(CONTENT_DEPTHS).nullable(),
    stage: p.string().default('creating_project'),
    failedStage: p.string().nullable(),
    error: p.text().nullable(),
    outline: p.json<OutlineChapter[]>().nullable(),
    /** The uploaded sources this book is grounded in, and the ones its chapters actually cite. */
    sourceBatchId: p.uuid().nullable(),
    references: p.json<BookReference[]>().nullable(),
    introduction: p.text().nullable(),
    summary: p.text().nullable(),
    finalizedAt: p.datetime().nullable(),
    /** The typeset interior in MinIO, its size and its real page count. */
    pdfKey: p.string().nullable(),
    pdfSize: p.integer().nullable(),
    pageCount: p.integer().nullable(),
    builtAt: p.datetime().nullable(),
    /** When a chapter's text last changed after writing (an edit, a restore, an accepted assistant change): files built before it are out of date. */
    textUpdatedAt: p.datetime().nullable(),
    epubKey: p.string().nullable(),
    epubSize: p.integer().nullable(),
    docxKey: p.string().nullable(),
    docxSize: p.integer().nullable(),
    zipKey: p.string().nullable(),
    zipSize: p.integer().nullable(),
    /** The first pages of the interior as PNG images, for looking before downloading. */
    previewKeys: p.json<string[]>().nullable(),
    coverPdfKey: p.string().nullable(),
    coverPdfSize: p.integer().nullable(),
    coverPngKey: p.string().nullable(),
    coverPngSize: p.integer().nullable(),
    coverTemplate: p.string().nullable(),
    /** The author's cover design: every rebuild draws it again; press and product covers are drawn from it into files of their own. */
    coverDesign: p.json<CoverChoice>().nullable(),
    /** A cover the author uploaded (a front image Pressroom wraps, or a full-wrap PDF): it replaces the drawn design. */
    coverUpload: p.json<CoverUpload>().nullable(),
    /** The author's trim and paper: the interior is set at the trim, and every cover's spine follows the paper. */
    trimSize: p.enum(TRIM_SIZES).default(DEFAULT_TRIM_SIZE),
    paper: p.enum(PAPER_TYPES).default(DEFAULT_PAPER),
    /** Packaging runs (`package-<id>-<n>`): how many were started, and where the latest stands. */
    packageRuns: p.integer().default(0),
    buildStatus: p.string().nullable(),
    buildMessage: p.text().nullable(),
    buildError: p.text().nullable(),
    completedAt: p.datetime().nullable(),
    providerCalls: p.integer().default(0),
    costUsd: p.decimal('number').precision(12).scale(6).default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class GeneratorProject extends GeneratorProjectSchema.class {}
GeneratorProjectSchema.setClass(GeneratorProject);

/** One written chapter; its text lives here, never in a workflow history. */
export const GeneratedChapterSchema = defineEntity({
  name: 'GeneratedChapter',
  tableName: 'generated_chapters',
  uniques: [{ properties: ['project', 'number'] }],
  properties: {
    id: p.uuid().primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade'),
    number: p.integer(),
    title: p.string(),
    content: p.text(),
    wordCount: p.integer(),
    generatedAt: p.datetime(),
  },
});
export class GeneratedChapter extends GeneratedChapterSchema.class {}
GeneratedChapterSchema.setClass(GeneratedChapter);

/** Every call to an AI provider: what it was for, its tokens, time and cost. */
export const AiProviderCallSchema = defineEntity({
  name: 'AiProviderCall',
  tableName: 'ai_provider_calls',
  properties: {
    id: p.uuid().primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade').index(),
    provider: p.string(),
    model: p.string(),
    purpose: p.string(),
    inputTokens: p.integer(),
    outputTokens: p.integer(),
    latencyMs: p.integer(),
    costUsd: p.decimal('number').precision(12).scale(6),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AiProviderCall extends AiProviderCallSchema.class {}
AiProviderCallSchema.setClass(AiProviderCall);

/** An uploaded source file: the original and its extracted text live in MinIO, the facts here. */
export const SourceFileSchema = defineEntity({
  name: 'SourceFile',
  tableName: 'source_files',
  properties: {
    id: p.uuid().primary(),
    /** Files uploaded together share a batch id, which a project names as its source_materials. */
    batchId: p.uuid().index(),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    position: p.integer(),
    filename: p.string(),
    /** The source's own title (first Markdown heading or front matter, DOCX/PDF metadata); null: none, the file name stands in. */
    title: p.text().nullable(),
    kind: p.string(),
    size: p.integer(),
    wordCount: p.integer(),
    objectKey: p.string(),
    textKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class SourceFile extends SourceFileSchema.class {}
SourceFileSchema.setClass(SourceFile);
