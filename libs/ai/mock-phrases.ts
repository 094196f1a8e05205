// The offline writer's topic phrases: taken whole from the book's title and idea, never cut out of a longer phrase.
// English finds noun phrases by its function words (phrasesOf); other languages take the title and the idea's list
// items whole (phrasesIn), finding words with Intl.Segmenter where the script has no spaces.
import { bookLanguage } from '../domain/index.ts';

const FUNCTION_WORDS = new Set(
  ('a an the and or but nor of to in on at by for from with without into onto over under about across through after before between during per via as than ' +
    'then so if that this these those which who whom whose what when where why how it its is are was were be been being has have had do does did can could ' +
    'will would shall should may might must not no you your yours we our us they them their he she his her i me my up down out off own very just also more ' +
    'most less least some any each every all both few many much such only other same too again once here there while until because against among within ' +
    'upon whether yet even ever never always often still like get gets got let lets way ways thing things lot lots')
    .split(' '),
);

/** Verbs and framing words that often sit between an idea's noun phrases ("small companies lead distributed teams"). */
const BREAKS = new Set(
  ('lead leads led keep keeps kept make makes made build builds built run runs manage manages take takes took help helps learn learns use uses used work ' +
    'works need needs want wants start starts grow grows turn turns write writes give gives find finds choose chooses stay stays become becomes show shows ' +
    'teach teaches explain explains cover covers covering include includes including explore explores exploring offer offers offering turn turns ' +
    'see sees saw change changes changed bring brings keep stop stops try tries ' +
    'guide guides handbook book books primer manual introduction everything anyone everyone someone people readers beginners')
    .split(' '),
);

const ADJECTIVE_OR_PLURAL = /(ly|ing|ed|ful|ous|ic|al|ble|s)$/i;
const WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’-]*$/u;
const isAcronym = (word: string) => word.length > 1 && word === word.toUpperCase() && /\p{Lu}/u.test(word);

/** Words as written, in runs broken by punctuation, function words and the framing verbs above. */
function runsOf(text: string): string[][] {
  const runs: string[][] = [];
  for (const chunk of text.split(/[.,;:!?()[\]{}"“”«»/|+=*&—–…]+|\s[-–]\s/)) {
    let run: string[] = [];
    let article = false;
    // A lone singular noun keeps an article ("choosing a hive" gives "the hive"), so headings read "Caring for the hive".
    const end = () => {
      if (run.length === 1 && article && !ADJECTIVE_OR_PLURAL.test(run[0] as string)) run.unshift('the');
      if (run.length) runs.push(run);
      run = [];
    };
    for (const token of chunk.split(/\s+/).map((t) => t.replace(/^['’]+|['’]+$/g, ''))) {
      const lower = token.toLowerCase();
      if (!WORD.test(token) || FUNCTION_WORDS.has(lower) || BREAKS.has(lower)) {
        end();
        article = /^(a|an|the)$/.test(lower);
      } else run.push(token);
    }
    end();
  }
  return runs;
}

/** Lower case, except acronyms and names the idea itself writes with a capital mid-sentence. */
function caseOf(word: string, names: Set<string>): string {
  return isAcronym(word) || names.has(word) ? word : word.toLowerCase();
}

/** A lone adjective, adverb or gerund ("practical", "quickly", "choosing") is not a topic on its own. */
const looksLikeNoun = (run: string[], names: Set<string>) => run.length > 1 || names.has(run[0] as string) || !/(ly|ing|ed|ful|ous|ic|al|ble)$/i.test(run[0] as string);

const JOINERS = new Set(['of', 'and', 'for', 'in', 'with', '&']);

/** A short title joined only by "of", "and", "for", "in" or "with" is one phrase: "the art of slow travel". */
function titlePhrase(main: string): string[] | undefined {
  const words = main.replace(/^(the|a|an)\s+/i, '').trim().split(/\s+/);
  const content = (w: string) => WORD.test(w) && !FUNCTION_WORDS.has(w.toLowerCase()) && !BREAKS.has(w.toLowerCase());
  const whole = words.length <= 5 && content(words[0] ?? '') && content(words.at(-1) ?? '') && words.every((w) => content(w) || JOINERS.has(w.toLowerCase()));
  return whole ? words : undefined;
}

/**
 * The book's topic phrases, most telling first: the title (when it reads as a noun phrase), then the idea's noun phrases
 * in the order it names them. A phrase is always a whole run of the source's words, so "urban beekeeping" stays whole.
 */
export function phrasesOf(title: string, idea: string, ...more: string[]): string[] {
  // Capitalised words after the start of a sentence in the idea are names ("Tuscany", "Slack"); keep their capitals.
  const names = new Set((idea.match(/(?<=[\p{L},;] )\p{Lu}[\p{L}'’-]*/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w.toLowerCase())));
  const phrases: string[] = [];
  const add = (run: string[]) => {
    const phrase = run.map((w) => caseOf(w, names)).join(' ');
    // A run already inside an earlier phrase ("beekeeping" after "urban beekeeping") would be a phrase cut out of a phrase.
    const bare = phrase.replace(/^the /, '').toLowerCase();
    const inside = phrases.some((p) => ` ${p.toLowerCase()} `.includes(` ${bare} `));
    if (run.length <= 5 && phrase.length >= 3 && looksLikeNoun(run, names) && !inside) phrases.push(phrase);
  };
  const whole = titlePhrase(title.split(/:|\s[-–—]\s/)[0] ?? title);
  if (whole) add(whole);
  for (const text of [idea, title, ...more]) for (const run of runsOf(text)) add(run);
  return phrases.length ? phrases.slice(0, 12) : ['the subject'];
}

/** The longest of the phrases that a heading names, word for word (with `rules`, as a language other than English writes it). */
export function phraseIn(heading: string, phrases: string[], rules?: PhraseRules): string | undefined {
  const longestFirst = [...phrases].sort((a, b) => b.length - a.length);
  if (rules) return longestFirst.find((p) => heading.toLowerCase().includes(nameOf(p, rules).toLowerCase()));
  const text = ` ${heading.toLowerCase().replace(/[^\p{L}\p{N}'’-]+/gu, ' ')} `;
  return longestFirst.find((p) => text.includes(` ${p.toLowerCase()} `));
}

/** How the writer finds topic phrases in a language other than English. */
export interface PhraseRules {
  /** Words that never start or end a phrase: articles, prepositions, particles, and framing words such as "guide". */
  stop: string[];
  /** Words that join the items of a list ("и", "und", "和"): a phrase ends at them. */
  and: string[];
  /** A letter that joins a word to the one before it (Arabic و, Hebrew ו), dropped from a list item's first word. */
  andPrefix?: string;
  /** Leading articles kept with a phrase (French, Spanish) but not looked for in headings, where they contract ("du"). */
  articles?: string[];
  /** Words that end a run of a long clause besides the stop words, in a script without spaces (Japanese endings). */
  breaks?: RegExp;
  /** The phrase as running text writes it (a title's capital dropped). */
  inText?: (phrase: string) => string;
  /** What the book is about when its title and idea give no phrase. */
  fallback: string;
}

// Punctuation that ends a phrase in any script (apostrophes stay: "l’apiculture").
const CHUNK = /[.,;:!?()[\]{}"“”«»„「」『』《》〈〉【】、，。：；！？・·•/|…،؛؟।\n]+|\s[-–—]\s/u;
const segmenters = new Map<string, Intl.Segmenter>();

interface Word {
  text: string;
  start: number;
  end: number;
}

function wordsOf(text: string, tag: string): Word[] {
  if (bookLanguage(tag).spaced) return [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  let segmenter = segmenters.get(tag);
  if (!segmenter) segmenters.set(tag, (segmenter = new Intl.Segmenter(tag, { granularity: 'word' })));
  return [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => ({ text: s.segment, start: s.index, end: s.index + s.segment.length }));
}

/** A phrase without its leading article: what a heading is searched for. */
function nameOf(phrase: string, rules: PhraseRules): string {
  const [first = '', ...rest] = phrase.split(' ');
  if (rules.articles?.includes(first.toLowerCase()) && rest.length) return rest.join(' ');
  return phrase.replace(/^l['’]/i, '');
}

/**
 * The book's topic phrases in a language other than English: the title (before any colon), then the items the idea
 * lists, each taken whole when short; in a script without spaces, a longer clause gives its runs of words instead.
 */
export function phrasesIn(tag: string, rules: PhraseRules, title: string, idea: string, ...more: string[]): string[] {
  const stop = new Set(rules.stop.map((w) => w.toLowerCase()));
  const and = new Set(rules.and);
  const articles = new Set(rules.articles ?? []);
  const isStop = (w: string) => stop.has(w.toLowerCase()) || and.has(w);
  const spaced = bookLanguage(tag).spaced;
  const phrases: string[] = [];
  const add = (words: Word[], text: string) => {
    while (words.length && isStop(words[0]?.text ?? '') && !articles.has(words[0]?.text.toLowerCase() ?? '')) words.shift();
    while (words.length && isStop(words.at(-1)?.text ?? '')) words.pop();
    if (!words.length || (words.length === 1 && [...(words[0]?.text ?? '')].length < 2)) return;
    const raw = text.slice(words[0]?.start, words.at(-1)?.end);
    const phrase = rules.inText ? rules.inText(raw) : raw;
    const name = nameOf(phrase, rules).toLowerCase();
    if (!phrases.some((p) => p.toLowerCase().includes(name))) phrases.push(phrase);
  };
  const short = (words: Word[], text: string) =>
    words.length <= 6 && text.slice(words[0]?.start, words.at(-1)?.end).length <= (spaced ? 48 : 12);
  const fromChunk = (chunk: string, item: boolean) => {
    let text = chunk.trim();
    if (item && rules.andPrefix && text.startsWith(rules.andPrefix) && /^\p{L}{3}/u.test(text.slice(1))) text = text.slice(1);
    const words = wordsOf(text, tag);
    // A list joins its last item with "and": each side is an item of its own, when each is short.
    const items: Word[][] = [[]];
    for (const w of words) if (and.has(w.text)) items.push([]); else items.at(-1)?.push(w);
    if (items.every((itemWords) => short(itemWords, text))) {
      for (const itemWords of items) add(itemWords, text);
      return;
    }
    // A longer clause gives its runs of words between stop words, only where words do not change their form with
    // their role in it: in a script without spaces. Elsewhere a run would be cut out in the wrong case ("пчёл").
    if (spaced) return;
    let run: Word[] = [];
    for (const w of [...words, { text: '', start: 0, end: 0 }]) {
      if (w.text && !isStop(w.text) && !rules.breaks?.test(w.text)) run.push(w);
      else {
        if (run.length && run.length <= 4) add(run, text);
        run = [];
      }
    }
  };
  const [main = '', ...subtitle] = title.split(/[:：]|\s[-–—]\s/);
  fromChunk(main, false);
  for (const text of [idea, subtitle.join(' '), ...more]) text.split(CHUNK).forEach((chunk, i) => fromChunk(chunk, i > 0));
  return phrases.length ? phrases.slice(0, 12) : [rules.fallback];
}

const SMALL = new Set('a an the and or but nor of to in on at by for from with as vs'.split(' '));

/** Title Case for headings, leaving acronyms and names alone. */
export function titleCase(phrase: string): string {
  return phrase
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : isAcronym(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Chinese and Japanese sentences end in a full-width stop with no space after it.
export const sentencesOf = (text: string) => text.split(/(?<=[.!?।؟])\s+|(?<=[。！？])/);

/** A title's first capital dropped in running text ("Городское пчеловодство" → "городское пчеловодство"), but not an acronym's. */
export const lowerTitleWord = (phrase: string) => (/^\p{Lu}\p{Ll}/u.test(phrase) ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase);
