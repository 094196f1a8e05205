// Book generation: providers, stages, progress and limits from the spec (document 2, sections 1, 4, 5 and 9).

export const PROVIDER_IDS = ['anthropic', 'hal9', 'mock'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderDescriptor {
  id: ProviderId;
  displayName: string;
  /** What the spec's clients send as ai_model. */
  modelAlias: string;
  maxChapters: number;
  /** How many of one book's chapters are written at the same time (the provider's rate limits decide). */
  maxConcurrency: number;
  supportsChapters: boolean;
  supportsCover: boolean;
  costClass: 'free' | 'low' | 'high';
  speed: 'fast' | 'slow';
  quality: 'basic' | 'excellent';
}

export const PROVIDERS: Record<ProviderId, ProviderDescriptor> = {
  anthropic: { id: 'anthropic', displayName: 'Anthropic Claude', modelAlias: 'claude-haiku', maxChapters: 20, maxConcurrency: 8, supportsChapters: true, supportsCover: true, costClass: 'low', speed: 'fast', quality: 'excellent' },
  hal9: { id: 'hal9', displayName: 'OpenAI GPT-4', modelAlias: 'gpt-4o', maxChapters: 15, maxConcurrency: 6, supportsChapters: true, supportsCover: true, costClass: 'high', speed: 'slow', quality: 'excellent' },
  mock: { id: 'mock', displayName: 'Mock (free)', modelAlias: 'mock', maxChapters: 25, maxConcurrency: 25, supportsChapters: true, supportsCover: true, costClass: 'free', speed: 'fast', quality: 'basic' },
};

/**
 * The catalogue entry of one provider for a caller, given whether this server has its key: whether the caller can
 * use it here (`available`) and, when not, whether signing in would change that (paid providers are for signed-in
 * authors only).
 */
export function providerOption(descriptor: ProviderDescriptor, configured: boolean, signedIn: boolean) {
  const signInRequired = configured && descriptor.costClass !== 'free' && !signedIn;
  return { ...descriptor, available: configured && !signInRequired, signInRequired };
}

/** ai_model values the clients send, mapped to providers ("anthropic" and "hal9" are accepted as given too). */
export function providerFor(aiModel: string | undefined): ProviderId | undefined {
  if (!aiModel) return undefined;
  const value = aiModel.toLowerCase();
  if ((PROVIDER_IDS as readonly string[]).includes(value)) return value as ProviderId;
  if (value.startsWith('claude')) return 'anthropic';
  if (value.startsWith('gpt')) return 'hal9';
  return undefined;
}

/**
 * Words on a typeset page of the 6×9 in interior (libs/render/interior.ts), chapter openings and the blank versos
 * before them included. Measured by rendering mock books of 10,000 to 80,000 words (3 to 20 chapters) and dividing
 * the chapters' words by the chapters' pages: 368 to 416, 391 on average.
 */
export const WORDS_PER_PAGE = 390;
/** Pages besides the chapters: title, copyright, contents, introduction, summary, references (measured 8 to 12). */
export const BOOK_FRAME_PAGES = 10;
export const TARGET_WORDS = { min: 10_000, max: 80_000, step: 1000, default: 30_000 } as const;
export const DEFAULT_TARGET_PAGES = 100;
export const DEFAULT_WRITING_STYLE = 'practical';
/** A chapter's length counts as met within ±20 % of its brief. */
export const WORD_COUNT_TOLERANCE = 0.2;

export const ONE_SHOT_STAGES = [
  'idle', 'processing_sources', 'creating_project', 'generating_outline', 'generating_introduction', 'generating_chapters',
  'generating_summary', 'finalizing', 'building', 'polling_build', 'generating_cover', 'complete',
] as const;
export type Stage = (typeof ONE_SHOT_STAGES)[number] | 'failed' | 'cancelled';

/** Progress when a stage starts and when it is done (chapters scale between 45 and 65). */
export const STAGE_PROGRESS: Record<(typeof ONE_SHOT_STAGES)[number], [number, number]> = {
  idle: [0, 0],
  processing_sources: [2, 4],
  creating_project: [5, 10],
  generating_outline: [15, 25],
  generating_introduction: [35, 40],
  generating_chapters: [45, 65],
  generating_summary: [70, 75],
  finalizing: [80, 85],
  building: [90, 90],
  polling_build: [95, 95],
  generating_cover: [97, 99],
  complete: [100, 100],
};

export const chapterProgress = (done: number, total: number) => Math.round(45 + (20 * done) / Math.max(1, total));

export const GenerationMessages = {
  ready: 'Ready to generate',
  done: 'Your book is ready!',
  failed: 'An error occurred during generation',
  allFieldsRequired: 'All fields are required. Please fill in the title, author, and description.',
  titleTooShort: 'Title must be at least 3 characters',
  authorTooShort: 'Author name must be at least 3 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  wizardFieldsRequired: 'Please fill in all fields: Title, Author, and Topic are required.',
  invalidChapter: (n: number, total: number) => `Invalid chapter number: ${n}. This book only has ${total} chapters.`,
  tocNotLoaded: 'Cannot generate chapter: Table of contents not loaded',
  noChapters: 'No chapters generated yet. Please generate content first.',
  unknownProvider: (value: string) => `Unknown AI provider "${value}": use anthropic, hal9 or mock`,
  providerUnavailable: (name: string) => `${name} is not available on this server (no API key configured)`,
  signInForProvider: (name: string) => `Sign in to use ${name}; the free mock provider is open to everyone`,
  tooManyChapters: (name: string, max: number) => `${name} writes at most ${max} chapters`,
  chapterList: 'chapters_to_generate must list distinct chapter numbers (whole numbers from 1)',
  chapterBudget: (max: number) => `estimated_pages must be a whole number from 1 to ${max}`,
  bookFinalized: 'This book is finalized.',
  bookCancelled: 'This book was cancelled; start a new one to write it again.',
  nothingToCancel: 'This book is not being written: there is nothing to cancel.',
  /** A step-mode book nobody touched for a while: its run ended, the next stage call starts a new one. */
  bookPutAway: 'Put away after a long pause; the next step picks the book up where it stopped',
  bookClosing: 'The book is being put away after a long pause; try again in a moment',
} as const;

/** The most chapters any provider writes: the bound on chapter numbers and lists before the provider is known. */
export const MAX_CHAPTERS = Math.max(...Object.values(PROVIDERS).map((p) => p.maxChapters));
/** A chapter's page budget can never exceed the whole book's word limit. */
export const MAX_CHAPTER_PAGES = Math.floor(TARGET_WORDS.max / WORDS_PER_PAGE);
/** Limits on a table of contents a client brings (/api/intelligent/chapter). */
export const TOC_LIMITS = { titleMax: 200, descriptionMax: 2000, ideasMax: 20, ideaMax: 500 } as const;

/**
 * The most UTF-8 bytes of a book's title in a file name built from it. A title may be 200 characters of any script:
 * whole, it would not fit the 255 bytes a file name has on every file system, nor (with the key's own parts) the 255
 * characters of the columns that keep storage keys.
 */
export const TITLE_IN_FILE_NAME_BYTES = 100;

let graphemes: Intl.Segmenter | undefined;

/** The start of `text` that fits in `maxBytes` of UTF-8, cut between characters as a reader sees them (never inside one). */
export function fitUtf8(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= maxBytes) return text;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let out = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    bytes += encoder.encode(segment).length;
    if (bytes > maxBytes) break;
    out += segment;
  }
  return out;
}

/** "My Book: Part 2!" → "my-book-part-2" (the spec's project name derivation). */
export const projectName = (title: string) =>
  title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');

const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
const ASCII_LETTER_OR_DIGIT = Array.from({ length: 128 }, (_, code) => LETTER_OR_DIGIT.test(String.fromCharCode(code)));
// Inside a word: ' ’ -
const JOINERS = new Set([0x27, 0x2019, 0x2d]);

// Scripts written without spaces between words: their words are found by the Unicode word segmenter.
const UNSPACED_SCRIPT = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * Words, in any language. Text in a script written without spaces (Chinese, Japanese, Thai…) is counted by
 * `Intl.Segmenter`'s word granularity. Other text — where the segmenter finds the same words (generation.test.ts) —
 * by runs of letters, marks and digits with apostrophes and hyphens inside them ("don't", "well-known", "हिन्दी"),
 * five times faster than the segmenter: every Quarto project counts its book.
 */
export function countWords(text: string): number {
  if (UNSPACED_SCRIPT.test(text)) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    let words = 0;
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
    return words;
  }
  return countSpacedWords(text);
}

function countSpacedWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) as number;
    if (code > 0xffff) i++;
    if (code < 128 ? ASCII_LETTER_OR_DIGIT[code] : LETTER_OR_DIGIT.test(String.fromCodePoint(code))) {
      if (!inWord) words++;
      inWord = true;
    } else if (!(inWord && JOINERS.has(code))) inWord = false;
  }
  return words;
}

export interface BookBrief {
  title?: string | undefined;
  author?: string | undefined;
  idea?: string | undefined;
}

/** The one-shot form's rules, field by field (the API answers 422 with this list; the pages show the first). */
export function briefProblems(brief: BookBrief, ideaField = 'book_idea'): { field: string; messages: string[] }[] {
  const title = brief.title?.trim() ?? '';
  const author = brief.author?.trim() ?? '';
  const idea = brief.idea?.trim() ?? '';
  if (!title || !author || !idea) {
    return [{ field: [!title && 'title', !author && 'author', !idea && ideaField].filter(Boolean).join(', '), messages: [GenerationMessages.allFieldsRequired] }];
  }
  const problems: { field: string; messages: string[] }[] = [];
  if (title.length < 3) problems.push({ field: 'title', messages: [GenerationMessages.titleTooShort] });
  if (author.length < 3) problems.push({ field: 'author', messages: [GenerationMessages.authorTooShort] });
  if (idea.length < 10) problems.push({ field: ideaField, messages: [GenerationMessages.descriptionTooShort] });
  return problems;
}

/** What the pages say on an empty field of a brief. */
export const BriefFieldMessages = { titleMissing: 'Enter a title', authorMissing: "Enter the author's name", ideaMissing: 'Describe your book' } as const;

/**
 * A brief's problems on its own fields, for the pages (the form's summary keeps the spec's general message):
 * empty fields, and with `minimums` the one-shot lengths of briefProblems.
 */
export function briefFieldProblems(brief: BookBrief, { minimums = true } = {}): Partial<Record<'title' | 'author' | 'idea', string>> {
  const [title, author, idea] = [brief.title, brief.author, brief.idea].map((v) => v?.trim() ?? '') as [string, string, string];
  const check = (value: string, missing: string, min: number, short: string) => (!value ? missing : minimums && value.length < min ? short : undefined);
  const problems = {
    title: check(title, BriefFieldMessages.titleMissing, 3, GenerationMessages.titleTooShort),
    author: check(author, BriefFieldMessages.authorMissing, 3, GenerationMessages.authorTooShort),
    idea: check(idea, BriefFieldMessages.ideaMissing, 10, GenerationMessages.descriptionTooShort),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, v]) => v)) as Partial<Record<'title' | 'author' | 'idea', string>>;
}

export const targetWordsProblem = (words: number) =>
  Number.isInteger(words) && words >= TARGET_WORDS.min && words <= TARGET_WORDS.max && words % TARGET_WORDS.step === 0
    ? null
    : 'Target word count must be between 10,000 and 80,000, in steps of 1,000';


/** How the pages name each stage. */
export const STAGE_LABELS: Record<string, string> = {
  processing_sources: 'Processing source files',
  creating_project: 'Creating project',
  generating_outline: 'Generating outline',
  generating_introduction: 'Writing introduction',
  generating_chapters: 'Writing chapters',
  generating_summary: 'Writing summary',
  finalizing: 'Finalizing structure',
  building: 'Typesetting PDF, EPUB, DOCX and Quarto project',
  generating_cover: 'Designing the cover',
  complete: 'Complete',
};

/** The one-shot page's estimate (document 2, section 9). */
export function estimatedTime(provider: ProviderId, withChapters: boolean): string {
  if (provider === 'mock') return '30-60 seconds';
  return withChapters ? '5-10 minutes' : '2-3 minutes';
}

/** The polling helper's limits: every 2 s, up to 30 minutes, 3 failures in a row allowed, 3 s apart. */
export const POLLING = { intervalMs: 2000, timeoutMs: 1_800_000, maxFailures: 3, retryDelayMs: 3000 } as const;

export const SaveMessages = {
  signInOneShot: 'Please sign in to save your book to the dashboard.',
  signInWizard: 'Please sign in to save your book to your account.',
  noData: 'Book data is not available. Please regenerate the book.',
  failedOneShot: 'Failed to save book to dashboard',
  failedWizard: 'Failed to save book to account',
  savedNoticeMs: 5000,
} as const;

export const OrchestrationMessages = {
  failed: (reason: string | null) => `Orchestration failed: ${reason || 'Unknown error'}`,
  timedOut: 'Orchestration timed out - took longer than expected',
  startFailed: 'Failed to start orchestration',
  statusFailed: (status: number) => `status failed: ${status}`,
} as const;

/**
 * Target length options (pages); Medium is the default. Each is a book the word cap (TARGET_WORDS.max) can write, so
 * the page estimate shown beside it is true: Extended is the longest book there is, 80,000 words.
 */
export const TARGET_LENGTHS = [
  { pages: 50, label: 'Short' },
  { pages: 100, label: 'Medium' },
  { pages: 150, label: 'Long' },
  { pages: 215, label: 'Extended' },
] as const;

/** The pages a book of this many chapter words comes to when typeset, before it is built (after, its real page count is known). */
export const estimatedPages = (words: number) => Math.round(words / WORDS_PER_PAGE) + BOOK_FRAME_PAGES;

/** Pages → the word target (kept within 10,000–80,000, whole thousands) whose typeset book comes closest to them. */
export const wordsForPages = (pages: number) =>
  Math.min(TARGET_WORDS.max, Math.max(TARGET_WORDS.min, Math.round((Math.max(0, pages - BOOK_FRAME_PAGES) * WORDS_PER_PAGE) / 1000) * 1000));

/** "1 minute", "12 minutes". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Reading time in minutes at the given pace (250 words a minute in the demo and the five-step wizard). */
export const readingMinutes = (words: number, wordsPerMinute = 250) => Math.max(1, Math.round(words / wordsPerMinute));

/** The demo's three quick-start examples. */
export const DEMO_PRESETS = [
  { label: 'Remote leadership', title: 'Trust at a Distance', author: 'Ada Writer', idea: 'How small companies lead distributed teams with trust, clear writing and a few good rituals' },
  { label: 'Urban gardening', title: 'The Balcony Harvest', author: 'Sam Green', idea: 'Growing vegetables and herbs in small city spaces, season by season, on a budget' },
  { label: 'Freelance finance', title: 'Paid on Time', author: 'Lee Morgan', idea: 'Personal finance for freelancers: pricing, invoicing, taxes and saving with an irregular income' },
] as const;

export const DEMO_MESSAGES = { required: 'Please fill in all required fields' } as const;

/** The older generator's form rules: one message, the problems joined after 'Please fix the following: '. */
export function legacyBriefProblem(brief: BookBrief): string | null {
  const title = brief.title?.trim() ?? '';
  const author = brief.author?.trim() ?? '';
  const idea = brief.idea?.trim() ?? '';
  if (!title || !author || !idea) return 'Please fill in all required fields';
  const problems = [
    title.length < 3 && 'Title must be at least 3 characters long',
    author.length < 3 && 'Author must be at least 3 characters long',
    idea.length < 10 && 'Book idea must be at least 10 characters long',
  ].filter((p): p is string => Boolean(p));
  return problems.length ? `Please fix the following: ${problems.join('; ')}` : null;
}

/** Outline settings of the five- and six-step flows (document 2, section 9). */
export const CHAPTER_COUNTS = [3, 5, 7, 10, 12] as const;
export const DEFAULT_CHAPTER_COUNT = 5;
export const BOOK_STYLES = ['practical', 'academic', 'narrative', 'reference'] as const;
export const GENERATION_MODES = ['sequential', 'parallel', 'selective'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];
export const CONTENT_DEPTHS = ['outline', 'draft', 'polished'] as const;
export type ContentDepth = (typeof CONTENT_DEPTHS)[number];
/** The flows' defaults: the full workflow writes one chapter after another, the demo and the one-shot page all at once; all polish. */
export const DEFAULT_GENERATION_MODE = { workflow: 'sequential', demo: 'parallel', oneShot: 'parallel' } as const satisfies Record<string, GenerationMode>;
export const DEFAULT_CONTENT_DEPTH: ContentDepth = 'polished';
/** The share of a chapter's word budget each depth writes (polished: all of it, then a revision pass to ±20 %). */
export const DEPTH_SHARE: Record<ContentDepth, number> = { outline: 0.15, draft: 0.5, polished: 1 };

/**
 * How the chapter stage writes (generation_mode, content_depth). Absent fields keep the behaviour books had before
 * the controls worked: every chapter at once, polished.
 */
export interface ChapterSettings {
  mode?: GenerationMode;
  depth?: ContentDepth;
}

export const ChapterSettingsMessages = {
  mode: `generation_mode must be one of: ${GENERATION_MODES.join(', ')}`,
  depth: `content_depth must be one of: ${CONTENT_DEPTHS.join(', ')}`,
  selectiveNeedsChapters: 'generation_mode selective writes the chapters you choose: list them in chapters_to_generate',
} as const;

/** Why these settings cannot run with this chapter list (null: they can). */
export function chapterSettingsProblem(settings: ChapterSettings, only: number[] | null): string | null {
  if (settings.mode !== undefined && !(GENERATION_MODES as readonly string[]).includes(settings.mode)) return ChapterSettingsMessages.mode;
  if (settings.depth !== undefined && !(CONTENT_DEPTHS as readonly string[]).includes(settings.depth)) return ChapterSettingsMessages.depth;
  if (settings.mode === 'selective' && only === null) return ChapterSettingsMessages.selectiveNeedsChapters;
  return null;
}
