/** What a book already has, as a new run of its workflow is told (a step-mode book resumed after its run ended). */
export interface WrittenSoFar {
  chapterCount: number;
  /** Words of each written chapter, by number. */
  chapterWords: Record<number, number>;
  introduction: boolean;
  summary: boolean;
}

export function writtenSoFar(
  project: { outline?: unknown[] | null; introduction?: string | null; summary?: string | null },
  chapters: { number: number; wordCount: number }[],
): WrittenSoFar {
  return {
    chapterCount: project.outline?.length ?? 0,
    chapterWords: Object.fromEntries(chapters.map((c) => [c.number, c.wordCount])),
    introduction: Boolean(project.introduction),
    summary: Boolean(project.summary),
  };
}
