import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { currentVersion, GeneratedChapter, GeneratorProject, recordStepOnce, returnBookCredit, shelveBook, spendBookCredit, writeChapter as writeChapterText, type OutlineChapter } from '../../libs/db/index.ts';
import { countWords, DEPTH_SHARE, GenerationMessages, PROVIDERS, quotedPassages, WORD_COUNT_TOLERANCE, type ChapterSettings, type OutlineSettings, type ProviderId } from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { gistOf, ProviderError, type ChapterBrief, type TextProvider, type WritingTask } from '../../libs/ai/index.ts';
import { citedNumbers, keepValidCitations, passagesOf, relevantPassages } from '../../libs/sources/extract.ts';
import { loadSourceTexts, mainTopics } from '../../libs/sources/ingest.ts';
import { paidCall, stepKey } from './provider-calls.ts';
import { countBookFailure, countBookStage } from '../metrics.ts';

export { asFailure, recordProviderCall, withHeartbeat } from './provider-calls.ts';

export interface GenerationDeps {
  orm: MikroORM;
  storage: StorageService;
  providers: Partial<Record<ProviderId, TextProvider>>;
}

type Em = ReturnType<MikroORM['em']['fork']>;

/** Chapters aim at this many words unless the target says otherwise. */
const DEFAULT_CHAPTER_WORDS = 3000;
const MAX_RESIZES = 2;
/**
 * Sequential mode gives a chapter the earlier chapters' own text, at most this many words in all (about 8,000
 * tokens, far inside every provider's context window): each earlier chapter's opening and ending, in equal shares.
 */
const SEQUENTIAL_MEMORY_WORDS = 6000;

/** An earlier chapter's text within `share` words: the whole of it, or its opening and its ending. */
function excerptOf(content: string, share: number): string {
  const words = content.split(/\s+/).filter(Boolean);
  if (words.length <= share) return words.join(' ');
  const half = Math.floor(share / 2);
  return `${words.slice(0, half).join(' ')} … ${words.slice(-half).join(' ')}`;
}

export function chapterCountFor(totalWords: number, provider: ProviderId): number {
  return Math.max(3, Math.min(PROVIDERS[provider].maxChapters, Math.round(totalWords / DEFAULT_CHAPTER_WORDS)));
}

function parseOutline(text: string, expected: number, totalWords: number): OutlineChapter[] {
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  let chapters: { title?: unknown; description?: unknown; key_points?: unknown; target_words?: unknown }[];
  try {
    chapters = (JSON.parse(json) as { chapters: typeof chapters }).chapters;
  } catch {
    throw new ProviderError('The outline was not valid JSON', true);
  }
  if (!Array.isArray(chapters) || chapters.length === 0) throw new ProviderError('The outline had no chapters', true);
  const clean = chapters.slice(0, Math.max(expected, 1)).map((c, i) => ({
    number: i + 1,
    title: String(c.title ?? `Chapter ${i + 1}`).slice(0, 200),
    description: String(c.description ?? ''),
    key_points: Array.isArray(c.key_points) ? c.key_points.map(String).slice(0, 8) : [],
    target_words: Math.max(300, Number(c.target_words) || 0),
  }));
  // Budgets are scaled in code so they add up to the book's target exactly.
  const sum = clean.reduce((s, c) => s + c.target_words, 0);
  let assigned = 0;
  clean.forEach((c, i) => {
    c.target_words = i === clean.length - 1 ? totalWords - assigned : Math.round((c.target_words * totalWords) / sum);
    assigned += c.target_words;
  });
  return clean;
}

export function createWritingActivities({ orm, storage, providers }: GenerationDeps) {
  // Uploaded sources never change, so a worker reads each batch's texts from MinIO once, not once per chapter.
  const sourceCache = new Map<string, ReturnType<typeof loadSourceTexts>>();
  const sourcesOf = (em: ReturnType<MikroORM['em']['fork']>, batchId: string | null | undefined) => {
    if (!batchId) return Promise.resolve([]);
    let texts = sourceCache.get(batchId);
    if (!texts) {
      texts = loadSourceTexts(em, storage, batchId);
      texts.catch(() => sourceCache.delete(batchId));
      sourceCache.set(batchId, texts);
      if (sourceCache.size > 16) sourceCache.delete(sourceCache.keys().next().value as string);
    }
    return texts;
  };

  async function load(projectId: string) {
    const em = orm.em.fork();
    const project = await em.findOneOrFail(GeneratorProject, { id: projectId }, { populate: ['user'] });
    const provider = providers[project.provider];
    if (!provider) {
      throw ApplicationFailure.create({ type: 'ProviderUnavailable', message: GenerationMessages.providerUnavailable(PROVIDERS[project.provider].displayName), nonRetryable: true });
    }
    return { em, project, provider };
  }

  /**
   * Writes a bookkeeping change with its step recorded in one transaction: true only for the attempt whose write landed
   * first, so the worker's counters count a retried activity once. Outside an activity (no step), every call counts.
   */
  const recordedFirst = async (em: Em, step: string, write: (tx: Em) => Promise<unknown>): Promise<boolean> => {
    const key = stepKey(step);
    return em.transactional(async (tx) => {
      await write(tx);
      return key ? recordStepOnce(tx, key) : true;
    });
  };

  /** One provider call per step of the activity (`step` defaults to `purpose`), recorded with its tokens, time and cost on the call log, the project and the owner's profile. */
  const call = (em: ReturnType<MikroORM['em']['fork']>, project: GeneratorProject, provider: TextProvider, purpose: string, task: WritingTask, step = purpose) =>
    paidCall({ em, project, provider, purpose, step, task });

  return {
    /** A cancelled book (the workflow records it as its last stage) spends its credit: the writing happened. */
    async recordStage(projectId: string, stage: string): Promise<void> {
      const em = orm.em.fork();
      if (await recordedFirst(em, `stage ${stage}`, (tx) => tx.nativeUpdate(GeneratorProject, { id: projectId }, { stage, updatedAt: new Date() }))) countBookStage(stage);
      if (stage === 'cancelled') await spendBookCredit(em, projectId);
    },

    async recordFailure(projectId: string, stage: string, message: string): Promise<void> {
      const em = orm.em.fork();
      const failed = { stage: 'failed', failedStage: stage, error: message, updatedAt: new Date() };
      if (await recordedFirst(em, `failure ${stage}`, (tx) => tx.nativeUpdate(GeneratorProject, { id: projectId }, failed))) countBookFailure(stage);
      await returnBookCredit(em, projectId);
    },

    /** A step-mode run that waited too long for its next stage ends: the project reads 'idle' until a stage call resumes it. */
    async recordIdle(projectId: string): Promise<void> {
      await orm.em.fork().nativeUpdate(GeneratorProject, { id: projectId }, { stage: 'idle', updatedAt: new Date() });
    },

    /** The settings a chapters stage runs with, kept on the project: the pages show them and a later run of the book writes the same way. */
    async recordChapterSettings(projectId: string, settings: ChapterSettings): Promise<void> {
      await orm.em.fork().nativeUpdate(GeneratorProject, { id: projectId }, { generationMode: settings.mode ?? null, contentDepth: settings.depth ?? null, updatedAt: new Date() });
    },

    async writeOutline(projectId: string, settings?: OutlineSettings): Promise<{ chapterCount: number; totalWords: number }> {
      const { em, project, provider } = await load(projectId);
      if (settings?.chapterCount !== undefined) project.chapterCount = settings.chapterCount;
      if (settings?.writingStyle !== undefined) project.writingStyle = settings.writingStyle;
      const chapterCount = project.chapterCount ? Math.min(project.chapterCount, PROVIDERS[project.provider].maxChapters) : chapterCountFor(project.totalTargetWords, project.provider);
      const sources = await sourcesOf(em, project.sourceBatchId);
      const sourceSummary = sources.length ? `${sources.map((s) => s.filename).join(', ')}; main topics: ${mainTopics(sources.map((s) => s.text)).join(', ')}` : undefined;
      const task: WritingTask = {
        kind: 'outline', title: project.title, author: project.author, idea: project.topic, chapterCount, totalWords: project.totalTargetWords, language: project.language, style: project.writingStyle,
        ...(sourceSummary ? { sourceSummary } : {}),
      };
      const completion = await call(em, project, provider, 'outline', task);
      const outline = parseOutline(completion.text, chapterCount, project.totalTargetWords);
      project.outline = outline;
      await em.flush();
      return { chapterCount: outline.length, totalWords: project.totalTargetWords };
    },

    async writeFrame(projectId: string, kind: 'introduction' | 'summary'): Promise<{ words: number }> {
      const { em, project, provider } = await load(projectId);
      const chapters = await em.find(GeneratedChapter, { project: projectId }, { orderBy: { number: 'asc' } });
      const outline = project.outline ?? [];
      const task: WritingTask = {
        kind,
        title: project.title,
        author: project.author,
        idea: project.topic,
        language: project.language,
        // The summary is written from what the chapters actually say; the introduction from the plan and any chapters so far.
        chapters: outline.map((c) => ({ number: c.number, title: c.title, gist: gistOf(chapters.find((w) => w.number === c.number)?.content ?? '') || c.description })),
        targetWords: Math.min(1500, Math.max(400, Math.round(project.totalTargetWords * 0.03))),
      };
      const completion = await call(em, project, provider, kind, task);
      project[kind] = completion.text;
      await em.flush();
      return { words: countWords(completion.text) };
    },

    /**
     * Writes one chapter from its brief and a memory of what the chapters before it say (in sequential mode their
     * own text, otherwise their gist). Its depth sets the share of the word budget; a polished chapter then has its
     * revision pass, expanded or trimmed until it is within ±20 % of the budget. An already written chapter is kept
     * unless `force` is set.
     */
    async writeChapter(projectId: string, number: number, force = false, settings: ChapterSettings = {}): Promise<{ number: number; words: number; reused: boolean }> {
      const { em, project, provider } = await load(projectId);
      const outline = project.outline ?? [];
      const plan = outline.find((c) => c.number === number);
      if (!plan) throw ApplicationFailure.create({ type: 'InvalidChapter', message: GenerationMessages.invalidChapter(number, outline.length), nonRetryable: true });
      const existing = await em.findOne(GeneratedChapter, { project: projectId, number });
      if (existing && !force) return { number, words: existing.wordCount, reused: true };

      const written = await em.find(GeneratedChapter, { project: projectId, number: { $lt: number } }, { orderBy: { number: 'asc' } });
      const earlier = outline.filter((c) => c.number < number);
      const share = Math.floor(SEQUENTIAL_MEMORY_WORDS / Math.max(1, earlier.length));
      const recall = (content: string) => (settings.mode === 'sequential' ? excerptOf(content, share) : gistOf(content));
      const memory = earlier.map((c) => `Chapter ${c.number}, "${c.title}": ${recall(written.find((w) => w.number === c.number)?.content ?? '') || c.description}`);
      const depth = settings.depth ?? 'polished';
      const targetWords = Math.round(plan.target_words * DEPTH_SHARE[depth]);
      const brief: ChapterBrief = { number, title: plan.title, description: plan.description, keyPoints: plan.key_points, targetWords };
      const base = { title: project.title, language: project.language, chapter: brief };
      // Grounding: the source passages that matter most to this chapter, numbered as the references will be.
      const sources = await sourcesOf(em, project.sourceBatchId);
      const passages = relevantPassages(passagesOf(sources), [plan.title, plan.description, ...plan.key_points].join(' '));
      const allowed = new Set(passages.map((p) => p.n));
      let completion = await call(em, project, provider, `chapter ${number}`, {
        kind: 'chapter', ...base, idea: project.topic, style: project.writingStyle, totalChapters: outline.length, memory, passages, ...(settings.depth ? { depth } : {}),
        ...(existing ? { redraft: await currentVersion(em, projectId, number) } : {}),
      });
      for (let attempt = 0; depth === 'polished' && attempt < MAX_RESIZES; attempt++) {
        const words = countWords(completion.text);
        if (Math.abs(words - brief.targetWords) <= brief.targetWords * WORD_COUNT_TOLERANCE) break;
        const kind = words < brief.targetWords ? 'expand' : 'trim';
        completion = await call(em, project, provider, `chapter ${number} ${kind}`, { kind, ...base, text: completion.text, currentWords: words }, `chapter ${number} ${kind} ${attempt + 1}`);
      }
      const text = keepValidCitations(completion.text, allowed);
      const { chapter } = await writeChapterText(em, {
        projectId,
        number,
        title: plan.title,
        content: text,
        source: existing ? 'regenerated' : 'generated',
        by: `${provider.id}/${completion.model}`,
        stepKey: stepKey(`chapter ${number} version`),
      });
      return { number, words: chapter.wordCount, reused: false };
    },

    /** Fixes the structure and builds the references in code: exactly the sources the chapters cite, with their titles and the passages quoted. */
    async finalizeProject(projectId: string): Promise<{ references: number }> {
      const em = orm.em.fork();
      const chapters = await em.find(GeneratedChapter, { project: projectId });
      if (chapters.length === 0) throw ApplicationFailure.create({ type: 'NoChapters', message: GenerationMessages.noChapters, nonRetryable: true });
      const project = await em.findOneOrFail(GeneratorProject, { id: projectId });
      const cited = new Set(chapters.flatMap((c) => [...citedNumbers(c.content)]));
      const sources = await sourcesOf(em, project.sourceBatchId);
      const quoted = quotedPassages([...chapters].sort((a, b) => a.number - b.number).map((c) => c.content));
      project.references = sources.filter((s) => cited.has(s.n)).map((s) => ({ n: s.n, filename: s.filename, title: s.title, passages: quoted.get(s.n) ?? [] }));
      project.finalizedAt = new Date();
      await em.flush();
      return { references: project.references.length };
    },

    async completeProject(projectId: string): Promise<void> {
      const em = orm.em.fork();
      // The book is complete only with its credit spent and its author's count raised, all or none.
      let completedNow = false;
      const project = await em.transactional(async (tx) => {
        const found = await tx.findOneOrFail(GeneratorProject, { id: projectId });
        if (found.stage === 'complete') return found; // a retry after the shelf copy failed
        completedNow = true;
        found.stage = 'complete';
        found.completedAt = new Date();
        await tx.flush();
        await spendBookCredit(tx, projectId);
        if (found.user) await tx.getConnection().execute('update profiles set books_generated = books_generated + 1 where id = ?', [found.user.id], 'run', tx.getTransactionContext());
        return found;
      });
      if (completedNow) countBookStage('complete');
      if (project.user) await shelveBook(em, project, 'generator');
    },
  };
}
