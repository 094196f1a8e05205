import { describe, expect, it } from 'vitest';
import { countWords, WORD_COUNT_TOLERANCE } from '../domain/index.ts';
import { MockProvider } from './mock.ts';
import { gistOf, type ChapterBrief, type SourcePassage } from './tasks.ts';

// Whole mock books, written the way activities/generation/writing.ts asks for them, measured for repetition.

interface Idea {
  title: string;
  idea: string;
  totalWords: number;
  chapterCount: number;
  /** Phrases of the idea that must never appear cut up in a heading. */
  phrases: string[];
  passages?: SourcePassage[];
}

const IDEAS: Idea[] = [
  {
    title: 'Urban Beekeeping',
    idea: 'A practical guide to keeping bees on city rooftops and balconies: choosing a hive, caring for the colony through the seasons, harvesting honey and staying on good terms with neighbours.',
    totalWords: 25_000, // about 74 typeset pages
    chapterCount: 8,
    phrases: ['urban beekeeping', 'city rooftops'],
  },
  {
    title: 'Remote Team Leadership',
    idea: 'How small companies lead distributed teams with trust, rituals and written communication across time zones.',
    totalWords: 30_000,
    chapterCount: 10,
    phrases: ['remote team leadership', 'distributed teams', 'small companies', 'written communication', 'time zones'],
  },
  {
    title: 'Weeknight Suppers',
    idea: 'Quick family dinners from a handful of pantry staples, with recipes for soups, traybakes, pasta and one-pot stews that take thirty minutes or less.',
    totalWords: 20_000,
    chapterCount: 7,
    phrases: ['weeknight suppers', 'quick family dinners', 'pantry staples', 'one-pot stews'],
    passages: [
      { n: 1, source: 'grandma-notes.md', text: 'A soup is only as good as the stock under it, and a good stock needs nothing but bones, an onion, a carrot and patience.' },
      { n: 2, source: 'pantry.txt', text: 'Keep tinned tomatoes, dried pasta, lentils, rice and a block of hard cheese, and there is always a supper within reach.' },
    ],
  },
  {
    title: 'The Art of Slow Travel: Seeing Europe by Train',
    idea: 'Why travelling slowly through Italy and France by rail changes how you see places, with routes, budgets and packing lists.',
    totalWords: 75_000, // the most chapters the mock provider offers
    chapterCount: 25,
    phrases: ['art of slow travel', 'packing lists'],
  },
];

const mock = new MockProvider();

async function writeBook({ title, idea, totalWords, chapterCount, passages = [] }: Idea) {
  const author = 'Ada Writer';
  const base = { title, language: 'English' };
  const planned = JSON.parse((await mock.generate({ kind: 'outline', ...base, author, idea, chapterCount, totalWords, style: 'practical' })).text) as {
    chapters: { title: string; description: string; key_points: string[]; target_words: number }[];
  };
  const outline = planned.chapters.map((c, i) => ({ ...c, number: i + 1 }));
  const frame = async (kind: 'introduction' | 'summary', gists: string[]) =>
    (await mock.generate({ kind, ...base, author, idea, chapters: outline.map((c, i) => ({ number: c.number, title: c.title, gist: gists[i] || c.description })), targetWords: Math.min(1500, Math.max(400, Math.round(totalWords * 0.03))) })).text;
  const introduction = await frame('introduction', []);
  const chapters: string[] = [];
  for (const plan of outline) {
    const brief: ChapterBrief = { number: plan.number, title: plan.title, description: plan.description, keyPoints: plan.key_points, targetWords: plan.target_words };
    const memory = outline.slice(0, plan.number - 1).map((c, i) => `Chapter ${c.number}, "${c.title}": ${gistOf(chapters[i] ?? '')}`);
    let text = (await mock.generate({ kind: 'chapter', ...base, idea, style: 'practical', chapter: brief, totalChapters: outline.length, memory, passages })).text;
    for (let attempt = 0; attempt < 2; attempt++) {
      const words = countWords(text);
      if (Math.abs(words - brief.targetWords) <= brief.targetWords * WORD_COUNT_TOLERANCE) break;
      text = (await mock.generate({ kind: words < brief.targetWords ? 'expand' : 'trim', ...base, chapter: brief, text, currentWords: words })).text;
    }
    chapters.push(text);
  }
  const summary = await frame('summary', chapters.map(gistOf));
  return { outline, introduction, chapters, summary };
}

const sentencesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .flatMap((line) => line.split(/(?<=[.!?][”")\]]?)\s+(?=[“"\p{Lu}])/u))
    .map((s) => s.trim())
    .filter(Boolean);

function fiveGrams(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return new Set(words.slice(4).map((_, i) => words.slice(i, i + 5).join(' ')));
}

/**
 * The largest share of 5-word sequences two chapters have in common: of the smaller chapter's (what the test bounds),
 * and of both together (Jaccard, a gentler measure, for comparison).
 */
function largestShared(chapters: string[]): { ofSmaller: number; jaccard: number } {
  const grams = chapters.map(fiveGrams);
  const largest = { ofSmaller: 0, jaccard: 0 };
  grams.forEach((a, i) =>
    grams.slice(i + 1).forEach((b) => {
      const common = [...a].filter((g) => b.has(g)).length;
      largest.ofSmaller = Math.max(largest.ofSmaller, common / Math.min(a.size, b.size));
      largest.jaccard = Math.max(largest.jaccard, common / (a.size + b.size - common));
    }),
  );
  return largest;
}

/** Whether a chapter title quotes the book's title or idea word for word (a word of five letters or more, or a longer phrase). */
function namesTheIdea(title: string, { title: bookTitle, idea }: Idea): boolean {
  const source = ` ${`${bookTitle} ${idea}`.toLowerCase().replace(/[^\p{L}\p{N}-]+/gu, ' ')} `;
  const words = title.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? [];
  return words.some((_, i) => words.slice(i).some((__, j) => {
    const run = words.slice(i, i + j + 1).join(' ');
    return (j > 0 || run.length >= 5) && source.includes(` ${run} `);
  }));
}

describe('whole mock books', () => {
  it.each(IDEAS)('“$title” reads as one book: no sentence twice, chapters distinct, headings keep the idea’s phrases', async (idea) => {
    const started = performance.now();
    const book = await writeBook(idea);
    const elapsed = performance.now() - started;
    const chapterSentences = book.chapters.flatMap(sentencesOf);
    const all = [...book.outline.map((c) => c.description), ...sentencesOf(book.introduction), ...chapterSentences, ...sentencesOf(book.summary)];
    const seen = new Map<string, number>();
    for (const s of all) seen.set(s, (seen.get(s) ?? 0) + 1);
    const repeated = [...seen].filter(([, n]) => n > 1);
    const shared = largestShared(book.chapters);
    const headings = [...book.outline.flatMap((c) => [c.title, ...c.key_points]), ...book.chapters.flatMap((c) => c.match(/^#+ .*$/gm) ?? [])];
    // A heading that names a distinctive word of a phrase ("urban") without the whole phrase ("urban beekeeping") has cut it up.
    const split = headings.filter((h) => idea.phrases.some((p) => p.split(' ').some((w) => w.length >= 5 && new RegExp(`\\b${w}\\b`, 'i').test(h)) && !h.toLowerCase().includes(p)));
    console.log(
      `${idea.title}: ${book.chapters.length} chapters, ${countWords(book.chapters.join(' '))} words, ${all.length} sentences, ${repeated.length} repeated ` +
        `(${repeated.reduce((n, [, k]) => n + k - 1, 0)} extra copies), largest 5-gram share between two chapters ${(shared.ofSmaller * 100).toFixed(1)} % (Jaccard ${(shared.jaccard * 100).toFixed(1)} %), ${headings.length - split.length}/${headings.length} headings keep phrases intact, ${elapsed.toFixed(0)} ms`,
    );

    expect(book.outline).toHaveLength(idea.chapterCount);
    expect(book.outline.reduce((sum, c) => sum + c.target_words, 0)).toBe(idea.totalWords);
    book.chapters.forEach((text, i) => expect(Math.abs(countWords(text) - (book.outline[i]?.target_words ?? 0))).toBeLessThanOrEqual((book.outline[i]?.target_words ?? 0) * 0.05));
    expect(repeated.map(([s]) => s)).toEqual([]);
    expect(shared.ofSmaller).toBeLessThan(0.1);
    expect(split).toEqual([]);
    expect(new Set(headings.filter((h) => !h.startsWith('#'))).size).toBe(headings.filter((h) => !h.startsWith('#')).length);
    for (const { title } of book.outline) expect(namesTheIdea(title, idea), title).toBe(true);
    if (idea.passages) expect(book.chapters.every((c) => /\[[12]\]/.test(c))).toBe(true);
    expect(chapterSentences.every((s) => /^[“"\p{Lu}]/u.test(s))).toBe(true);
    expect(elapsed).toBeLessThan(2000);

    expect(await writeBook(idea)).toEqual(book);
  });

  it('expands a short chapter with new sentences only, up to its budget', async () => {
    const { title, idea } = IDEAS[0] as Idea;
    const brief: ChapterBrief = { number: 4, title: 'Urban Beekeeping Week by Week', description: 'A steady routine.', keyPoints: ['A weekly routine for balconies', 'Fitting hive around other work'], targetWords: 3000 };
    const full = (await mock.generate({ kind: 'chapter', title, idea, language: 'English', style: 'practical', chapter: brief, totalChapters: 8, memory: [], passages: [] })).text;
    const short = full.split('\n\n').slice(0, 8).join('\n\n');
    const { text } = await mock.generate({ kind: 'expand', title, language: 'English', chapter: brief, text: short, currentWords: countWords(short) });
    expect(text.startsWith(short)).toBe(true);
    expect(Math.abs(countWords(text) - 3000)).toBeLessThanOrEqual(3000 * WORD_COUNT_TOLERANCE);
    const sentences = sentencesOf(text);
    expect(sentences.length).toBeGreaterThan(sentencesOf(short).length);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('writes a new draft when a chapter is written again, and the same draft for the same request', async () => {
    const { title, idea } = IDEAS[0] as Idea;
    const brief: ChapterBrief = { number: 2, title: 'Reading the Colony', description: 'What the bees show.', keyPoints: ['Signs of a healthy hive'], targetWords: 1200 };
    const task = { kind: 'chapter' as const, title, idea, language: 'English', style: 'practical', chapter: brief, totalChapters: 6, memory: [], passages: [] };
    const first = (await mock.generate(task)).text;
    expect((await mock.generate(task)).text).toBe(first);
    const again = (await mock.generate({ ...task, redraft: 1 })).text;
    expect(again).not.toBe(first);
    expect(Math.abs(countWords(again) - countWords(first))).toBeLessThan(countWords(first) * 0.5);
  });
});
