// The offline writer's topic phrases: taken whole from the book's title and idea, never cut out of a longer phrase.

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

/** The longest of the phrases that a heading names, word for word. */
export function phraseIn(heading: string, phrases: string[]): string | undefined {
  const text = ` ${heading.toLowerCase().replace(/[^\p{L}\p{N}'’-]+/gu, ' ')} `;
  return [...phrases].sort((a, b) => b.length - a.length).find((p) => text.includes(` ${p.toLowerCase()} `));
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
