import { diffWordsWithSpace } from 'diff';
import type { ChapterCompareResponse, ChapterVersionDetail, ChapterVersionView, EditableChapterView } from '../../../../libs/contracts/index.ts';
import type { ChapterVersion, GeneratedChapter } from '../../../../libs/db/index.ts';

export const editableChapterView = (chapter: GeneratedChapter, version: { version: number; createdAt: Date } | null): EditableChapterView => ({
  number: chapter.number,
  title: chapter.title,
  content: chapter.content,
  word_count: chapter.wordCount,
  version: version?.version ?? 0,
  updated_at: (version?.createdAt ?? chapter.generatedAt).toISOString(),
});

/** A version as the list shows it; `by` is who made it as the reader is told (version-authors.ts), else as recorded. */
export const versionView = (v: Pick<ChapterVersion, 'id' | 'chapter' | 'version' | 'source' | 'by' | 'byRole' | 'title' | 'words' | 'createdAt'>, by: string | null = v.by ?? null): ChapterVersionView => ({
  id: v.id,
  chapter: v.chapter,
  version: v.version,
  source: v.source,
  by,
  by_role: v.byRole ?? null,
  title: v.title,
  words: v.words,
  created_at: v.createdAt.toISOString(),
});

export const versionDetail = (v: ChapterVersion, by?: string | null): ChapterVersionDetail => ({ ...versionView(v, by), content: v.content });

/** Past this a diff of two very different long chapters gives up: one part removed, one added. */
const DIFF_TIMEOUT_MS = 2000;

/**
 * A word diff from a to b, each as its title, a blank line and its text. Spaces are tokens too, so the parts read
 * back as exactly a (all but the added) and exactly b (all but the removed).
 */
export function compareVersions(a: ChapterVersion, b: ChapterVersion, by: (v: ChapterVersion) => string | null = (v) => v.by ?? null): ChapterCompareResponse {
  const before = `${a.title}\n\n${a.content}`;
  const after = `${b.title}\n\n${b.content}`;
  const changes = diffWordsWithSpace(before, after, { timeout: DIFF_TIMEOUT_MS });
  const parts = changes
    ? changes.map(({ value, added, removed }) => ({ value, ...(added ? { added } : {}), ...(removed ? { removed } : {}) }))
    : [{ value: before, removed: true }, { value: after, added: true }];
  return { a: versionView(a, by(a)), b: versionView(b, by(b)), parts };
}
