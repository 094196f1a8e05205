import { bookLanguage, countWords } from '../domain/index.ts';
import { mockWritesIn } from '../domain/mock-languages.ts';
import type { Angle, MockLexicon } from './mock-lexicon.ts';
import { lexiconFor } from './mock-languages.ts';
import { mockAssist } from './mock-assist.ts';
import { capitalise, phraseIn, phrasesIn, phrasesOf, sentencesOf } from './mock-phrases.ts';
import type { ChapterTask, Completion, FrameTask, OutlineTask, ResizeTask, TextProvider, WritingTask } from './tasks.ts';

/**
 * The free, offline provider: deterministic, instant, readable and on-topic, meeting the requested word counts.
 * The same task always gives the same text, so demos and tests produce real, repeatable books. Each chapter writes
 * from its own angle (mock-lexicon.ts) about the idea's own phrases (mock-phrases.ts), and no sentence comes twice.
 * It writes in the book's language when mock-languages/ has its phrases, and in English otherwise (mockWritesIn).
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

type Slots = Partial<Record<'a' | 'b' | 'p' | 'q' | 'r' | 's' | 'w' | 'source' | 'quote' | 'n' | 'prev' | 'title' | 'what', string>>;

/** The book's language's lexicon, and its phrases for a title and idea. */
interface Writer {
  lex: MockLexicon;
  phrases: (title: string, idea: string, ...more: string[]) => string[];
}

function writerFor(language: string): Writer {
  const book = bookLanguage(language);
  const lex = lexiconFor(mockWritesIn(language).tag);
  // English text about a title in a script without spaces (Thai) still needs that script's words.
  const rules = lex.words ?? (book.spaced ? undefined : { stop: [], and: [], fallback: 'the subject' });
  return { lex, phrases: rules ? (title, idea, ...more) => phrasesIn(book.tag, rules, title, idea, ...more) : phrasesOf };
}

/**
 * Fills a pattern's {slots}, then the language's last touches; a capitalised slot ({P}) gets `upper` (a capital letter,
 * or Title Case in English titles).
 */
function fill(lex: MockLexicon, pattern: string, slots: Slots, upper: (text: string) => string = capitalise): string {
  const filled = pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = slots[key.toLowerCase() as keyof Slots] ?? '';
    return key === key.toLowerCase() ? value : upper(value);
  });
  return lex.tidy ? lex.tidy(filled) : filled;
}

const angleOf = (lex: MockLexicon, number: number) => lex.angles[(Math.max(1, number) - 1) % lex.angles.length] as Angle;

/** The outline's phrases for chapter `i`: the book's main phrase in the title, the others in the key points, no pair twice. */
function phrasesFor(phrases: string[], i: number) {
  const others = phrases.length > 1 ? phrases.slice(1) : phrases;
  const n = others.length;
  const step = n > 1 ? 1 + (Math.floor(i / n) % (n - 1)) : 0;
  return { p: phrases[0] as string, q: others[i % n] as string, r: others[(i + step) % n] as string };
}

function outline(task: OutlineTask) {
  const { lex, phrases: phrasesOfBook } = writerFor(task.language);
  const topics = task.sourceSummary?.split('main topics:')[1] ?? '';
  const phrases = phrasesOfBook(task.title, task.idea, topics);
  const base = Math.floor(task.totalWords / task.chapterCount / 50) * 50;
  return {
    chapters: Array.from({ length: task.chapterCount }, (_, i) => {
      const angle = angleOf(lex, i + 1);
      const slots = phrasesFor(phrases, i);
      // Past the last angle, titles name another of the idea's phrases, so no two chapters share one.
      const titled = i < lex.angles.length ? slots : { ...slots, p: slots.q };
      return {
        title: fill(lex, angle.title, titled, lex.heading),
        description: fill(lex, angle.description, slots),
        key_points: angle.points.map((point) => capitalise(fill(lex, point, slots))),
        target_words: i === task.chapterCount - 1 ? task.totalWords - base * (task.chapterCount - 1) : base,
      };
    }),
  };
}

/** Who is writing: the chapter's angle nouns and phrases, and every sentence written so far (none is written twice). */
interface Voice {
  lex: MockLexicon;
  rng: Rng;
  clauses: string[];
  nouns: string[];
  phrases: string[];
  p: string;
  used: Set<string>;
  /** Draws from a list like cards from a shuffled deck, so nothing comes round again until the rest has. */
  draw: <T>(items: readonly T[]) => T;
}

function voice(lex: MockLexicon, seed: string, nouns: string[], phrases: string[], p: string, written = ''): Voice {
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
  return { lex, rng, clauses: lex.clauses, nouns, phrases, p, used: new Set(sentencesOf(written)), draw };
}

/** A chapter writes with about half of the sentence patterns, a different half for each chapter number. */
function chapterVoice(lex: MockLexicon, seed: string, number: number, phrases: string[], p: string, written = ''): Voice {
  const rng = seeded(`patterns of chapter ${number}`);
  return { ...voice(lex, seed, angleOf(lex, number).nouns, phrases, p, written), clauses: lex.clauses.filter(() => rng() < 0.5) };
}

function slotsFor(v: Voice, s: string): Slots {
  const a = v.draw(v.nouns);
  const others = v.nouns.filter((n) => n !== a);
  return { a, b: pick(v.rng, others.length ? others : v.nouns), p: v.p, q: v.draw(v.phrases), s, w: v.draw(v.lex.moments) };
}

function compose(v: Voice, s: string): string {
  const { lex, rng } = v;
  if (rng() < 0.07) return fill(lex, v.draw(lex.questions), slotsFor(v, s));
  let body = fill(lex, v.draw(v.clauses), slotsFor(v, s));
  if (rng() < 0.25 && lex.joins.length) body += `${pick(rng, lex.joins)}${fill(lex, v.draw(v.clauses), slotsFor(v, s))}`;
  if (rng() < 0.3) body = `${v.draw(lex.leads)}${lex.space}${body}`;
  return `${capitalise(body)}${lex.stop}`;
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
  const sentences = first ? [sentence(v, s, () => capitalise(fill(v.lex, v.draw(v.lex.sectionOpeners), slotsFor(v, s))))] : [];
  while (sentences.length < count) sentences.push(sentence(v, s));
  return sentences.join(v.lex.space);
}

/** Paragraphs until the word budget is met; the last one is cut at a sentence so the total lands within a few percent. */
function paragraphs(v: Voice, s: string, budget: number, extra: (i: number) => string | null = () => null, opened = false): string[] {
  const written: string[] = [];
  let words = 0;
  for (let i = 0; words < budget * 0.97; i++) {
    let p = paragraph(v, s, opened && i === 0 ? undefined : i === 0 ? s : undefined);
    const citation = extra(i);
    if (citation) p = `${p}${v.lex.space}${citation}`;
    const w = countWords(p);
    if (words + w > budget * 1.05) {
      const sentences = sentencesOf(p);
      while (sentences.length > 1 && words + countWords(sentences.join(v.lex.space)) > budget * 1.03) sentences.pop();
      p = sentences.join(v.lex.space);
    }
    written.push(p);
    words += countWords(p);
  }
  return written;
}

/** The phrase a heading is about: one of the idea's phrases it names, or (in English) the heading itself when it is short. */
function topicOf(lex: MockLexicon, heading: string, phrases: string[], fallback: string): string {
  const named = phraseIn(heading, phrases, lex.words);
  if (named) return named;
  if (lex.words) return fallback;
  const words = heading.trim().split(/\s+/);
  return words.length <= 4 && /^[\p{L}\p{N}'’ -]+$/u.test(heading.trim()) ? words.map((w) => (w === w.toUpperCase() ? w : w.toLowerCase())).join(' ') : fallback;
}

function chapter(task: ChapterTask): string {
  const { chapter: brief } = task;
  const { lex, phrases: phrasesOfBook } = writerFor(task.language);
  const phrases = phrasesOfBook(task.title, task.idea);
  const p = topicOf(lex, brief.title, phrases, phrases[0] as string);
  const v = chapterVoice(lex, JSON.stringify(task), brief.number, phrases, p);
  const sections = brief.keyPoints.length ? brief.keyPoints : [brief.title];
  const previous = /^Chapter \d+, "(.+?)":/.exec(task.memory.at(-1) ?? '')?.[1];
  const first = capitalise(fill(lex, previous ? lex.opening.after : lex.opening.first, { prev: previous, p, a: pick(v.rng, v.nouns) }));
  const opening = [first, ...Array.from({ length: 2 }, () => sentence(v, p))].join(lex.space);
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
    return sentence(v, '', () => fill(lex, v.draw(lex.citations), { a: v.draw(v.nouns), source: passage.source, quote: quoteFrom(passage.text, v.rng), n: String(passage.n) }));
  };
  const body = sections.map((point) => `## ${point}\n\n${paragraphs(v, topicOf(lex, point, phrases, p), perSection, cite).join('\n\n')}`);
  return [lead, ...body].join('\n\n');
}

/** Up to 14 words of a passage (40 characters in a script without spaces), starting where a sentence or clause does. */
function quoteFrom(text: string, rng: Rng): string {
  if (/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(text)) {
    const clauses = text.split(/(?<=[。！？，、；])/).filter((c) => c.length >= 5);
    const quote = (clauses.length ? pick(rng, clauses) : text).replace(/[。！？，、；]+$/, '');
    return quote.length > 40 ? `${quote.slice(0, 40)}…` : quote;
  }
  const words = text.split(/\s+/).filter(Boolean);
  const starts = words.flatMap((w, i) => (i === 0 || /[.,;:!?]$/.test(words[i - 1] as string) ? [i] : [])).filter((i) => words.length - i >= 5);
  const from = starts.length ? pick(rng, starts) : 0;
  const quote = words.slice(from, from + 14).join(' ').replace(/[.,;:!?]+$/, '');
  return from + 14 < words.length ? `${quote}…` : quote;
}

function frame(task: FrameTask): string {
  const { lex, phrases: phrasesOfBook } = writerFor(task.language);
  const phrases = phrasesOfBook(task.title, task.idea);
  const main = phrases[0] as string;
  const v = voice(lex, JSON.stringify(task), lex.frameNouns[task.kind], phrases, main);
  const tour = task.chapters.map((c) => {
    const angle = angleOf(lex, c.number);
    const what = fill(lex, task.kind === 'introduction' ? angle.intro : angle.recap, { p: topicOf(lex, c.title, phrases, main) });
    return fill(lex, lex.frame.tour, { n: String(c.number), title: c.title, what });
  });
  const lead = [fill(lex, lex.frame[task.kind], { title: task.title, p: main }), ...tour].join(lex.space);
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
  const { lex, phrases: phrasesOfBook } = writerFor(task.language);
  const phrases = phrasesOfBook(task.title, task.chapter.keyPoints.join('. '));
  const p = topicOf(lex, task.chapter.title, phrases, phrases[0] as string);
  const v = chapterVoice(lex, JSON.stringify(task), task.chapter.number, phrases, p, task.text);
  return [task.text, ...paragraphs(v, p, target - task.currentWords, undefined, true)].join('\n\n');
}
