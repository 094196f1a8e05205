import { countWords } from '../domain/index.ts';
import type { ChapterTask, Completion, FrameTask, OutlineTask, ResizeTask, TextProvider, WritingTask } from './tasks.ts';

/**
 * The free, offline provider: deterministic, instant, readable and on-topic, meeting the requested word counts.
 * The same task always gives the same text, so demos and tests produce real, repeatable books.
 */
export class MockProvider implements TextProvider {
  readonly id = 'mock' as const;

  async generate(task: WritingTask): Promise<Completion> {
    const started = performance.now();
    const text = write(task);
    const words = countWords(text);
    return { text, model: 'mock', inputTokens: Math.round(JSON.stringify(task).length / 4), outputTokens: Math.round(words * 1.33), latencyMs: Math.round(performance.now() - started), costUsd: 0 };
  }
}

function write(task: WritingTask): string {
  const rng = seeded(JSON.stringify(task));
  switch (task.kind) {
    case 'outline':
      return JSON.stringify(outline(task, rng));
    case 'chapter':
      return chapter(task, rng);
    case 'introduction':
    case 'summary':
      return frame(task, rng);
    case 'expand':
    case 'trim':
      return resize(task, rng);
  }
}

type Rng = () => number;

function seeded(text: string): Rng {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

const STOP = new Set('about above after again against their there these those which while where would could should other being because before between through during under until very your yours with from into onto that this what when will have been they them then than just also more most some such only over book books write writing want help helps using used make makes guide guides people'.split(' '));
const NOUNISH = /(tion|sion|ment|ship|ness|ity|ence|ance|ism|ist|ure|ogy|work|ers|ors|ies|als|ams|ics|ing)$/;

/** The book's telling words (title words first, then noun-like words of the idea), to keep the text on topic. */
function termsOf(title: string, ...texts: string[]): string[] {
  const words = (text: string) => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOP.has(w));
  const terms = [...words(title), ...texts.flatMap(words).filter((w) => NOUNISH.test(w))];
  const unique = [...new Set(terms)];
  return unique.length ? unique.slice(0, 10) : ['practice', 'craft', 'method'];
}

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const CHAPTER_TITLES = [
  (t: string) => `Why ${title(t)} Matters`,
  (t: string) => `The Foundations of ${title(t)}`,
  (t: string) => `${title(t)} in Practice`,
  (t: string) => `Common Mistakes with ${title(t)}`,
  (t: string) => `Measuring ${title(t)}`,
  (t: string) => `Building a ${title(t)} Habit`,
  (t: string) => `Lessons from the Field: ${title(t)}`,
  (t: string) => `${title(t)} at Scale`,
  (t: string) => `Teaching ${title(t)} to Others`,
  (t: string) => `The Next Decade of ${title(t)}`,
];

function outline(task: OutlineTask, rng: Rng) {
  const terms = termsOf(task.title, task.idea, task.sourceSummary ?? '');
  const base = Math.floor(task.totalWords / task.chapterCount / 50) * 50;
  return {
    chapters: Array.from({ length: task.chapterCount }, (_, i) => {
      const term = terms[i % terms.length] as string;
      const other = terms[(i + 1) % terms.length] as string;
      const words = i === task.chapterCount - 1 ? task.totalWords - base * (task.chapterCount - 1) : base;
      return {
        title: (CHAPTER_TITLES[i % CHAPTER_TITLES.length] as (t: string) => string)(term),
        description: `How ${term} shapes ${task.title.toLowerCase()}, and what changes when ${other} is taken seriously.`,
        key_points: [
          `What ${term} means in everyday work`,
          pick(rng, [`How ${term} and ${other} depend on each other`, `Where ${term} goes wrong, and why`, `A simple routine for ${term}`]),
          pick(rng, [`A worked example`, `Questions to ask before you start`, `Signs that it is working`]),
        ],
        target_words: words,
      };
    }),
  };
}

const OPENERS = ['In practice,', 'Consider this:', 'Put simply,', 'Over time,', 'In most teams,', 'Experience shows that', 'Here is the key idea:', 'A useful test is this:'];
const SENTENCES: ((a: string, b: string) => string)[] = [
  (a: string) => `${a} is rarely a single decision; it is a series of small choices that add up over weeks and months.`,
  (a: string) => `The people who do well with ${a} tend to write down what they expect before they act, then compare notes with reality.`,
  (a: string, b: string) => `When ${a} is treated as an afterthought, ${b} suffers first, and the cost shows up later as rework.`,
  (a: string) => `A good starting point is to describe ${a} in one sentence that a newcomer could repeat without notes.`,
  (a: string, b: string) => `The link between ${a} and ${b} is easy to state and hard to keep in view when deadlines press.`,
  (a: string) => `Small, visible wins with ${a} build the trust that larger changes need.`,
  (a: string) => `It helps to ask who benefits from ${a}, who pays for it, and who has not yet been asked.`,
  (a: string) => `Most difficulties with ${a} come from unclear ownership rather than from a lack of effort.`,
  (a: string) => `Measure ${a} with one number you can explain, and review it on a fixed day each week.`,
  (a: string, b: string) => `Good habits around ${b} make ${a} easier to sustain when attention moves elsewhere.`,
  (a: string) => `A checklist for ${a} should fit on one page; anything longer will be skipped on a busy day.`,
  (a: string) => `The first version of any approach to ${a} will be wrong in places, and that is information, not failure.`,
  (a: string, b: string) => `Readers who apply this to ${b} often find that ${a} improves as a side effect.`,
  (a: string) => `The difference between talking about ${a} and practising it is a calendar entry and a named owner.`,
];

function sentence(rng: Rng, a: string, b: string): string {
  const body = pick(rng, SENTENCES)(a, b);
  return rng() < 0.3 ? `${pick(rng, OPENERS)} ${body.charAt(0).toLowerCase()}${body.slice(1)}` : `${body.charAt(0).toUpperCase()}${body.slice(1)}`;
}

function paragraph(rng: Rng, terms: string[], sentences = 4 + Math.floor(rng() * 3)): string {
  return Array.from({ length: sentences }, () => sentence(rng, pick(rng, terms), pick(rng, terms))).join(' ');
}

/** Paragraphs until the word budget is met; the last one is cut at a sentence so the total lands within a few percent. */
function fill(rng: Rng, terms: string[], budget: number, extra: (i: number) => string | null = () => null): string[] {
  const paragraphs: string[] = [];
  let words = 0;
  for (let i = 0; words < budget * 0.97; i++) {
    let p = paragraph(rng, terms);
    const citation = extra(i);
    if (citation) p = `${p} ${citation}`;
    const w = countWords(p);
    if (words + w > budget * 1.05) {
      const sentences = p.split(/(?<=\.)\s+/);
      while (sentences.length > 1 && words + countWords(sentences.join(' ')) > budget * 1.03) sentences.pop();
      p = sentences.join(' ');
    }
    paragraphs.push(p);
    words += countWords(p);
  }
  return paragraphs;
}

function chapter(task: ChapterTask, rng: Rng): string {
  const { chapter: brief } = task;
  const terms = termsOf(task.title, task.idea);
  const sections = brief.keyPoints.length ? brief.keyPoints : [brief.title];
  const perSection = Math.max(60, Math.floor(brief.targetWords / sections.length) - 10);
  let cited = 0;
  const cite = (i: number) => {
    const passage = task.passages[cited % Math.max(1, task.passages.length)];
    if (!passage || i % 2 !== 0) return null;
    cited++;
    const quote = passage.text.split(/\s+/).slice(0, 14).join(' ').replace(/[.,;:]$/, '');
    return `As the source material puts it, “${quote}…” [${passage.n}].`;
  };
  return sections.map((point) => `## ${point}\n\n${fill(rng, terms, perSection, cite).join('\n\n')}`).join('\n\n');
}

function frame(task: FrameTask, rng: Rng): string {
  const terms = termsOf(task.title, task.idea);
  const tour = task.chapters.map((c) => `Chapter ${c.number}, “${c.title}”, ${c.gist.charAt(0).toLowerCase()}${c.gist.slice(1)}`).join(' ');
  const lead =
    task.kind === 'introduction'
      ? `This book, ${task.title}, is for readers who want to turn ${terms[0]} from a good intention into a working practice. ${tour}`
      : `We began with a simple promise: to make ${terms[0]} practical. Looking back across the chapters, a few threads run through all of them. ${tour}`;
  return [lead, ...fill(rng, terms, Math.max(80, task.targetWords - countWords(lead)))].join('\n\n');
}

function resize(task: ResizeTask, rng: Rng): string {
  const target = task.chapter.targetWords;
  if (task.kind === 'trim') {
    const paragraphs = task.text.split(/\n{2,}/);
    while (paragraphs.length > 1 && countWords(paragraphs.join('\n\n')) > target * 1.05) paragraphs.splice(paragraphs.length - 2, 1);
    return paragraphs.join('\n\n');
  }
  const terms = termsOf(task.title, task.chapter.description);
  return [task.text, ...fill(rng, terms, target - task.currentWords)].join('\n\n');
}
