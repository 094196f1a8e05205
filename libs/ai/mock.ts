import { countWords } from '../domain/index.ts';
import { ANGLES, CITATIONS, CLAUSES, FRAME_NOUNS, JOINS, LEADS, MOMENTS, QUESTIONS, SECTION_OPENERS, type Angle } from './mock-lexicon.ts';
import { mockAssist } from './mock-assist.ts';
import { capitalise, phraseIn, phrasesOf, titleCase } from './mock-phrases.ts';
import type { ChapterTask, Completion, FrameTask, OutlineTask, ResizeTask, TextProvider, WritingTask } from './tasks.ts';

/**
 * The free, offline provider: deterministic, instant, readable and on-topic, meeting the requested word counts.
 * The same task always gives the same text, so demos and tests produce real, repeatable books. Each chapter writes
 * from its own angle (mock-lexicon.ts) about the idea's own phrases (mock-phrases.ts), and no sentence comes twice.
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
  switch (task.kind) {
    case 'outline':
      return JSON.stringify(outline(task));
    case 'chapter':
      return chapter(task);
    case 'introduction':
    case 'summary':
      return frame(task);
    case 'expand':
    case 'trim':
      return resize(task);
    case 'assist':
      return mockAssist(task);
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

type Slots = Partial<Record<'a' | 'b' | 'p' | 'q' | 'r' | 's' | 'w' | 'source' | 'quote' | 'n', string>>;

/** Fills a pattern's {slots}; a capitalised slot ({P}) gets `upper` (a capital letter, or Title Case in titles). */
function fill(pattern: string, slots: Slots, upper: (text: string) => string = capitalise): string {
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = slots[key.toLowerCase() as keyof Slots] ?? '';
    return key === key.toLowerCase() ? value : upper(value);
  });
}

const angleOf = (number: number) => ANGLES[(Math.max(1, number) - 1) % ANGLES.length] as Angle;

/** The outline's phrases for chapter `i`: the book's main phrase in the title, the others in the key points, no pair twice. */
function phrasesFor(phrases: string[], i: number) {
  const others = phrases.length > 1 ? phrases.slice(1) : phrases;
  const n = others.length;
  const step = n > 1 ? 1 + (Math.floor(i / n) % (n - 1)) : 0;
  return { p: phrases[0] as string, q: others[i % n] as string, r: others[(i + step) % n] as string };
}

function outline(task: OutlineTask) {
  const topics = task.sourceSummary?.split('main topics:')[1] ?? '';
  const phrases = phrasesOf(task.title, task.idea, topics);
  const base = Math.floor(task.totalWords / task.chapterCount / 50) * 50;
  return {
    chapters: Array.from({ length: task.chapterCount }, (_, i) => {
      const angle = angleOf(i + 1);
      const slots = phrasesFor(phrases, i);
      return {
        title: fill(angle.title, slots, titleCase),
        description: fill(angle.description, slots),
        key_points: angle.points.map((point) => capitalise(fill(point, slots))),
        target_words: i === task.chapterCount - 1 ? task.totalWords - base * (task.chapterCount - 1) : base,
      };
    }),
  };
}

/** Who is writing: the chapter's angle nouns and phrases, and every sentence written so far (none is written twice). */
interface Voice {
  rng: Rng;
  clauses: string[];
  nouns: string[];
  phrases: string[];
  p: string;
  used: Set<string>;
  /** Draws from a list like cards from a shuffled deck, so nothing comes round again until the rest has. */
  draw: <T>(items: readonly T[]) => T;
}

function voice(seed: string, nouns: string[], phrases: string[], p: string, written = ''): Voice {
  const rng = seeded(seed);
  const decks = new Map<readonly unknown[], unknown[]>();
  const draw = <T>(items: readonly T[]): T => {
    let deck = decks.get(items) as T[] | undefined;
    if (!deck?.length) {
      deck = [...items];
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [deck[i], deck[j]] = [deck[j] as T, deck[i] as T];
      }
      decks.set(items, deck);
    }
    return deck.pop() as T;
  };
  return { rng, clauses: CLAUSES, nouns, phrases, p, used: new Set(sentencesOf(written)), draw };
}

/** A chapter writes with about half of the sentence patterns, a different half for each chapter number. */
function chapterVoice(seed: string, number: number, phrases: string[], p: string, written = ''): Voice {
  const rng = seeded(`patterns of chapter ${number}`);
  return { ...voice(seed, angleOf(number).nouns, phrases, p, written), clauses: CLAUSES.filter(() => rng() < 0.5) };
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/);

function slotsFor(v: Voice, s: string): Slots {
  const a = v.draw(v.nouns);
  const others = v.nouns.filter((n) => n !== a);
  return { a, b: pick(v.rng, others.length ? others : v.nouns), p: v.p, q: v.draw(v.phrases), s, w: v.draw(MOMENTS) };
}

function compose(v: Voice, s: string): string {
  const { rng } = v;
  if (rng() < 0.07) return fill(v.draw(QUESTIONS), slotsFor(v, s));
  let body = fill(v.draw(v.clauses), slotsFor(v, s));
  if (rng() < 0.25) body += `${pick(rng, JOINS)}${fill(v.draw(v.clauses), slotsFor(v, s))}`;
  if (rng() < 0.3) body = `${v.draw(LEADS)} ${body}`;
  return `${capitalise(body)}.`;
}

/** A sentence this voice has not written before. */
function sentence(v: Voice, s: string, make: () => string = () => compose(v, s)): string {
  let text = make();
  for (let tries = 0; v.used.has(text) && tries < 50; tries++) text = make();
  v.used.add(text);
  return text;
}

function paragraph(v: Voice, s: string, first?: string): string {
  const count = 4 + Math.floor(v.rng() * 3);
  const sentences = first ? [sentence(v, s, () => capitalise(fill(v.draw(SECTION_OPENERS), slotsFor(v, s))))] : [];
  while (sentences.length < count) sentences.push(sentence(v, s));
  return sentences.join(' ');
}

/** Paragraphs until the word budget is met; the last one is cut at a sentence so the total lands within a few percent. */
function paragraphs(v: Voice, s: string, budget: number, extra: (i: number) => string | null = () => null, opened = false): string[] {
  const written: string[] = [];
  let words = 0;
  for (let i = 0; words < budget * 0.97; i++) {
    let p = paragraph(v, s, opened && i === 0 ? undefined : i === 0 ? s : undefined);
    const citation = extra(i);
    if (citation) p = `${p} ${citation}`;
    const w = countWords(p);
    if (words + w > budget * 1.05) {
      const sentences = sentencesOf(p);
      while (sentences.length > 1 && words + countWords(sentences.join(' ')) > budget * 1.03) sentences.pop();
      p = sentences.join(' ');
    }
    written.push(p);
    words += countWords(p);
  }
  return written;
}

/** The phrase a heading is about: one of the idea's phrases it names, or the heading itself when it is short. */
function topicOf(heading: string, phrases: string[], fallback: string): string {
  const named = phraseIn(heading, phrases);
  if (named) return named;
  const words = heading.trim().split(/\s+/);
  return words.length <= 4 && /^[\p{L}\p{N}'’ -]+$/u.test(heading.trim()) ? words.map((w) => (w === w.toUpperCase() ? w : w.toLowerCase())).join(' ') : fallback;
}

function chapter(task: ChapterTask): string {
  const { chapter: brief } = task;
  const phrases = phrasesOf(task.title, task.idea);
  const p = topicOf(brief.title, phrases, phrases[0] as string);
  const v = chapterVoice(JSON.stringify(task), brief.number, phrases, p);
  const sections = brief.keyPoints.length ? brief.keyPoints : [brief.title];
  const previous = /^Chapter \d+, "(.+?)":/.exec(task.memory.at(-1) ?? '')?.[1];
  const opening = [
    previous ? `After “${previous}”, this chapter turns to ${p} and to ${pick(v.rng, v.nouns)}.` : `This chapter is about ${p}, seen through ${pick(v.rng, v.nouns)}.`,
    ...Array.from({ length: 2 }, () => sentence(v, p)),
  ].join(' ');
  v.used.add(opening);
  // An outline-depth chapter lists its key points first, then gives each a short paragraph.
  const points = task.depth === 'outline' ? sections.map((point) => `- ${point}`).join('\n') : null;
  const lead = points ? `${opening}\n\n${points}` : opening;
  const perSection = Math.max(60, Math.floor((brief.targetWords - countWords(lead)) / sections.length) - 10);
  let cited = 0;
  const cite = (i: number) => {
    const passage = task.passages[cited % Math.max(1, task.passages.length)];
    if (!passage || i !== 0) return null;
    cited++;
    return sentence(v, '', () => fill(v.draw(CITATIONS), { a: v.draw(v.nouns), source: passage.source, quote: quoteFrom(passage.text, v.rng), n: String(passage.n) }));
  };
  const body = sections.map((point) => `## ${point}\n\n${paragraphs(v, topicOf(point, phrases, p), perSection, cite).join('\n\n')}`);
  return [lead, ...body].join('\n\n');
}

/** Up to 14 words of a passage, starting where a sentence or clause does. */
function quoteFrom(text: string, rng: Rng): string {
  const words = text.split(/\s+/).filter(Boolean);
  const starts = words.flatMap((w, i) => (i === 0 || /[.,;:!?]$/.test(words[i - 1] as string) ? [i] : [])).filter((i) => words.length - i >= 5);
  const from = starts.length ? pick(rng, starts) : 0;
  const quote = words.slice(from, from + 14).join(' ').replace(/[.,;:!?]+$/, '');
  return from + 14 < words.length ? `${quote}…` : quote;
}

function frame(task: FrameTask): string {
  const phrases = phrasesOf(task.title, task.idea);
  const main = phrases[0] as string;
  const v = voice(JSON.stringify(task), FRAME_NOUNS[task.kind], phrases, main);
  const tour = task.chapters
    .map((c) => {
      const angle = angleOf(c.number);
      return `Chapter ${c.number}, “${c.title}”, ${fill(task.kind === 'introduction' ? angle.intro : angle.recap, { p: topicOf(c.title, phrases, main) })}.`;
    })
    .join(' ');
  const lead =
    task.kind === 'introduction'
      ? `This book, ${task.title}, is for readers who want to turn ${main} from a good intention into a working practice. ${tour}`
      : `We began with a simple promise: to make ${main} practical. Looking back across the chapters, a few threads run through all of them. ${tour}`;
  v.used.add(lead);
  return [lead, ...paragraphs(v, main, Math.max(80, task.targetWords - countWords(lead)), undefined, true)].join('\n\n');
}

function resize(task: ResizeTask): string {
  const target = task.chapter.targetWords;
  if (task.kind === 'trim') {
    const kept = task.text.split(/\n{2,}/);
    while (kept.length > 1 && countWords(kept.join('\n\n')) > target * 1.05) kept.splice(kept.length - 2, 1);
    return kept.join('\n\n');
  }
  const phrases = phrasesOf(task.title, task.chapter.keyPoints.join('. '));
  const p = topicOf(task.chapter.title, phrases, phrases[0] as string);
  const v = chapterVoice(JSON.stringify(task), task.chapter.number, phrases, p, task.text);
  return [task.text, ...paragraphs(v, p, target - task.currentWords, undefined, true)].join('\n\n');
}
