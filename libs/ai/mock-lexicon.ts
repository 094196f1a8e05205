// What the offline writer writes with. Each chapter of a book takes one angle (by its number), and the angle's own
// nouns fill the shared sentence patterns, so chapters read differently; the idea's phrases keep them on topic.
// Placeholders: {p} the chapter's phrase, {q} another phrase of the idea, {s} the section's phrase, {a}/{b} angle nouns,
// {r} a third phrase, {w} a moment in time; a capital ({P}, {Q}, {R}) asks for a capital: Title Case in chapter titles.
// This file is the English lexicon; mock-languages/ holds the others, in the same shape (MockLexicon).
import { titleCase, type PhraseRules } from './mock-phrases.ts';

export interface Angle {
  title: string;
  description: string;
  points: [string, string, string];
  nouns: string[];
  /** How the introduction presents the chapter, and how the summary looks back on it. */
  intro: string;
  recap: string;
}

const ANGLES: Angle[] = [
  {
    title: 'The Case for {P}',
    description: 'Why the effort of {p} pays off, and what changes once you add {q}.',
    points: ['The rewards of {q}', 'A case for {r}', 'Honest doubts about {p}'],
    nouns: ['the first reason', 'a clear motive', 'the promise', 'an honest doubt', 'the small reward', 'a hidden benefit', 'the cost of doing nothing', 'a personal reason', 'the bigger picture', 'the first spark'],
    intro: 'sets out the case for {p}',
    recap: 'made the case for {p} and weighed the honest doubts',
  },
  {
    title: 'Getting Started with {P}',
    description: 'The first steps into {p}, from an empty week to a working start with {q}.',
    points: ['A first week of {q}', 'Where to begin with {r}', 'The starter list for {p}'],
    nouns: ['the first step', 'a starter list', 'the opening week', 'an early win', 'a modest goal', 'the beginner’s kit', 'the first attempt', 'a trial run', 'the starting point', 'an easy first project'],
    intro: 'walks through the first steps, from an empty week to a working start',
    recap: 'turned the first steps into a short starter list',
  },
  {
    title: 'The Tools of {P}',
    description: 'The equipment, materials and simple aids for {p}, and which parts of {q} manage without them.',
    points: ['Essential kit for {q}', '{R} on a shoestring', 'Caring for the tools of {p}'],
    nouns: ['the essential kit', 'a borrowed tool', 'the spare-parts box', 'the storage shelf', 'a cheap substitute', 'the materials list', 'a sturdy container', 'the worn-out gear', 'the repair box', 'a labelled drawer'],
    intro: 'sorts the essential kit from the nice-to-have',
    recap: 'separated the essential kit from the gadgets',
  },
  {
    title: '{P} Week by Week',
    description: 'A steady routine for {p}: what to do each week, and how to fit {q} around it.',
    points: ['A weekly routine for {q}', 'Fitting {r} around other work', 'Keeping the rhythm of {p} going'],
    nouns: ['the weekly routine', 'a fixed hour', 'the Sunday check', 'a steady rhythm', 'the short daily task', 'a missed week', 'the rota', 'a reminder on the fridge', 'the ten-minute round', 'a standing appointment'],
    intro: 'builds a weekly routine that survives busy months',
    recap: 'built a weekly routine that survives busy months',
  },
  {
    title: 'Planning {P} Through the Year',
    description: 'How the work of {p} changes from season to season, and when to prepare for {q}.',
    points: ['The yearly calendar of {q}', 'Preparing for {r} ahead of time', 'Quiet and busy months in {p}'],
    nouns: ['the yearly calendar', 'the busy season', 'a quiet month', 'the long view', 'an early start', 'the turn of the year', 'the spring rush', 'a winter plan', 'the autumn review', 'the planning sheet'],
    intro: 'lays out the year, season by season',
    recap: 'laid out the year so that the busy months come as no surprise',
  },
  {
    title: 'Common Mistakes in {P}',
    description: 'The mistakes almost everyone makes with {p}, and the cheap ways to avoid them with {q}.',
    points: ['Early mistakes with {q}', 'Where things go wrong with {r}', 'Recovering from a bad start in {p}'],
    nouns: ['the classic mistake', 'a rushed decision', 'the false economy', 'an ignored warning', 'the overconfident start', 'a skipped check', 'the copied shortcut', 'a repeated error', 'the quiet oversight', 'the too-big first step'],
    intro: 'names the mistakes nearly everyone makes, and the cheap ways round them',
    recap: 'named the classic mistakes and the cheap ways round them',
  },
  {
    title: '{P} and the People Around You',
    description: 'The effect of {p} on family, colleagues and neighbours, and how to keep them on side while you work on {q}.',
    points: ['Explaining {q} to others', 'Neighbours, partners and {r}', 'Sharing the load of {p}'],
    nouns: ['a sceptical neighbour', 'the family', 'a willing helper', 'the first complaint', 'a shared task', 'the local group', 'a patient mentor', 'the conversation over the fence', 'a word of thanks', 'the goodwill you build'],
    intro: 'looks at the people around you, and how to keep them on side',
    recap: 'showed how to keep family, colleagues and neighbours on side',
  },
  {
    title: 'The Real Cost of {P}',
    description: 'The money and hours that go into {p}, and where the return from {q} comes.',
    points: ['Counting the cost of {q}', 'Saving money on {r}', 'Time as the hidden price of {p}'],
    nouns: ['the budget', 'the running cost', 'the first purchase', 'a hidden expense', 'a spending limit', 'the price of a mistake', 'a cheaper alternative', 'the cost sheet', 'the time it takes', 'the money saved'],
    intro: 'counts the money and the hours',
    recap: 'counted the money and the hours, and found where they pay back',
  },
  {
    title: 'Keeping Records of {P}',
    description: 'Simple records that track progress in {p}, and what they reveal about {q}.',
    points: ['A notebook for {q}', 'Measuring {r} without fuss', 'Reading your own records of {p}'],
    nouns: ['the notebook', 'a simple tally', 'the monthly summary', 'a photograph for the record', 'the one number worth tracking', 'a dated entry', 'the logbook', 'a comparison with last year', 'the running total', 'a margin note'],
    intro: 'keeps simple records that show whether it is working',
    recap: 'kept simple records and learned to read them',
  },
  {
    title: 'When Things Go Wrong with {P}',
    description: 'What to do when things go wrong with {p}, and how to tell a passing problem with {q} from a serious one.',
    points: ['Diagnosing trouble with {q}', 'Serious and passing problems with {r}', 'When to ask for help with {p}'],
    nouns: ['the warning sign', 'a sudden setback', 'the first symptom', 'an emergency plan', 'the usual suspect', 'a second opinion', 'the calm first hour', 'a slow decline', 'the rescue', 'an honest post-mortem'],
    intro: 'deals with trouble: how to spot it early and what to do first',
    recap: 'dealt with trouble, from the first symptom to the rescue',
  },
  {
    title: 'Three Stories of {P}',
    description: 'Three people who took up {p}, what they tried with {q}, and what each of them would do differently.',
    points: ['A careful beginner with {q}', 'An ambitious start with {r}', 'What the three stories of {p} share'],
    nouns: ['the careful beginner', 'an ambitious newcomer', 'a retired teacher', 'the busy parent', 'a second attempt', 'the turning point', 'an unexpected result', 'the lesson learned late', 'a good year', 'the story’s ending'],
    intro: 'follows three people through their first attempts',
    recap: 'followed three people and what they would do differently',
  },
  {
    title: 'Risks and Safeguards in {P}',
    description: 'The real risks of {p}, the safeguards that are worth their trouble, and the fears about {q} that are overblown.',
    points: ['Real risks in {q}', 'Safeguards for {r}', 'Overblown fears about {p}'],
    nouns: ['the real risk', 'a simple safeguard', 'the safety check', 'an overblown fear', 'the protective habit', 'a near miss', 'the insurance question', 'a clear rule', 'the emergency number', 'the first-aid kit'],
    intro: 'weighs the real risks against the overblown ones',
    recap: 'weighed real risks against overblown fears',
  },
  {
    title: 'Teaching {P} to Others',
    description: 'How to pass {p} on to a friend, a child or a colleague, and what teaching {q} teaches you.',
    points: ['A first lesson in {q}', 'Teaching {r} by example', 'What teaching {p} teaches you'],
    nouns: ['the first lesson', 'a curious child', 'the willing apprentice', 'a demonstration', 'the question you cannot answer', 'a shared afternoon', 'the handout', 'a patient explanation', 'the student’s mistake', 'an open day'],
    intro: 'shows how to pass it on, and what teaching teaches you',
    recap: 'passed the craft on, and learned from doing so',
  },
  {
    title: 'Growing {P} Beyond the Basics',
    description: 'When and how to take {p} further, and the point beyond which {q} needs more than a spare hour.',
    points: ['Signs you are ready for more {q}', 'Scaling up {r} step by step', 'Knowing when to stop growing {p}'],
    nouns: ['the next level', 'a second project', 'the growth plan', 'a bigger commitment', 'the limit of your time', 'a natural ceiling', 'the larger setup', 'a careful expansion', 'the point of diminishing returns', 'an outside partner'],
    intro: 'asks when to take things further, and when to stop',
    recap: 'asked when to grow and when to stop',
  },
  {
    title: 'Making {P} Last',
    description: 'How to keep {p} going for years, through lost enthusiasm and changing circumstances around {q}.',
    points: ['Keeping {q} going for years', 'Fresh interest in {r}', 'Small renewals of {p}'],
    nouns: ['the long haul', 'a fading enthusiasm', 'the fresh start', 'a change of circumstances', 'the tenth year', 'a lasting habit', 'the annual reset', 'a new challenge', 'the old routine', 'a reason to continue'],
    intro: 'keeps it going for years, through the dull stretches',
    recap: 'kept it going through dull stretches and changed circumstances',
  },
  {
    title: 'Myths About {P}',
    description: 'The things people believe about {p} that are not true, and the few beliefs about {q} that are.',
    points: ['Popular myths about {q}', 'What is true about {r}', 'Checking a claim about {p} yourself'],
    nouns: ['the popular myth', 'a half-truth', 'the confident claim', 'an old wives’ tale', 'the forum argument', 'a simple experiment', 'the evidence', 'a persistent rumour', 'the expert view', 'a surprising truth'],
    intro: 'clears away the myths',
    recap: 'cleared away the myths and kept the few truths',
  },
  {
    title: 'The Rules and Ethics of {P}',
    description: 'The rules that govern {p}, and the fair, considerate way to handle {q} when no rule says how.',
    points: ['Rules that apply to {q}', 'Consideration and {r}', 'Grey areas in {p}'],
    nouns: ['the local rule', 'a grey area', 'the written permission', 'a fair compromise', 'the duty of care', 'an unwritten code', 'the registration form', 'a considerate choice', 'the right thing to do', 'a clear conscience'],
    intro: 'covers the rules, and the fair thing to do where there are none',
    recap: 'covered the rules and the grey areas between them',
  },
  {
    title: '{P} with Little Time or Space',
    description: 'How to fit {p} into a small space or a crowded diary, and what to keep of {q} when everything is scaled down.',
    points: ['{Q} in a small space', 'A pared-down version of {r}', 'Doing less {p}, better'],
    nouns: ['the small space', 'a crowded diary', 'the pared-down version', 'a spare corner', 'the fifteen-minute slot', 'a compact setup', 'the narrow window', 'an honest priority', 'the thing you drop', 'a smaller ambition'],
    intro: 'scales everything down for small spaces and full diaries',
    recap: 'scaled things down for small spaces and full diaries',
  },
  {
    title: 'A Short History of {P}',
    description: 'Where {p} comes from, and what earlier generations already knew about {q}.',
    points: ['The origins of {q}', 'Old lessons about {r}', 'What has really changed in {p}'],
    nouns: ['the old practice', 'an earlier generation', 'the first written account', 'a forgotten method', 'the old guidebook', 'a grandparent’s habit', 'the turning point in history', 'an old photograph', 'the traditional way', 'a rediscovered idea'],
    intro: 'looks back at where it all comes from',
    recap: 'looked back at what earlier generations already knew',
  },
  {
    title: 'The Future of {P}',
    description: 'Where the world of {p} is heading, and how to prepare for the next ten years of {q}.',
    points: ['Trends shaping {q}', 'The next ten years of {r}', 'Your own next step in {p}'],
    nouns: ['the next decade', 'a new technology', 'the coming change', 'an emerging trend', 'the younger generation', 'a likely surprise', 'the long-term plan', 'an open question', 'the next step', 'a hopeful sign'],
    intro: 'looks ahead to the next ten years',
    recap: 'looked ahead to the next ten years',
  },
  {
    title: 'Small Wins in {P}',
    description: 'Quick, visible successes in {p} that keep motivation up, and the ones worth chasing in {q}.',
    points: ['Quick wins with {q}', 'Celebrating progress in {r}', 'Momentum in {p}'],
    nouns: ['a quick win', 'the visible result', 'a proud moment', 'the before-and-after photo', 'a ticked box', 'the small celebration', 'a good morning', 'the first compliment', 'a streak of good days', 'the momentum'],
    intro: 'collects the small wins that keep motivation up',
    recap: 'collected the small wins that keep motivation up',
  },
  {
    title: 'Questions People Ask About {P}',
    description: 'The questions newcomers ask most often about {p}, answered plainly, with a few about {q}.',
    points: ['First questions about {q}', 'Awkward questions about {r}', 'Questions without one answer in {p}'],
    nouns: ['the most common question', 'a plain answer', 'the awkward question', 'a follow-up question', 'the question behind the question', 'a straight reply', 'the frequent worry', 'a tricky case', 'the honest “it depends”', 'a useful rule of thumb'],
    intro: 'answers the questions newcomers ask most',
    recap: 'answered the questions newcomers ask most',
  },
  {
    title: 'Learning {P} from Others',
    description: 'Where to learn {p} beyond this book: mentors, courses, clubs and the people already doing {q}.',
    points: ['Finding a mentor for {q}', 'Courses and clubs for {r}', 'Learning {p} by watching'],
    nouns: ['a good mentor', 'the evening course', 'the local club', 'a weekend workshop', 'the online forum', 'an experienced friend', 'the reading list', 'a study visit', 'the question you bring to class', 'an apprenticeship'],
    intro: 'points to mentors, courses and clubs',
    recap: 'pointed to mentors, courses and clubs',
  },
  {
    title: 'A Worked Example of {P}',
    description: 'One realistic plan for {p}, followed from the first day to the last, including what went wrong with {q}.',
    points: ['Planning the example around {q}', 'The middle weeks of {r}', 'What the example shows about {p}'],
    nouns: ['the worked example', 'day one', 'the halfway review', 'an unplanned detour', 'the final tally', 'a revised plan', 'the sample timetable', 'the first entry in the diary', 'a week-by-week account', 'the closing review'],
    intro: 'follows one realistic plan from the first day to the last',
    recap: 'followed one realistic plan from start to finish',
  },
  {
    title: 'Getting Better at {P}',
    description: 'How to improve at {p} on purpose, with deliberate practice and honest feedback on {q}.',
    points: ['Deliberate practice in {q}', 'Feedback on {r}', 'Plateaus in {p}'],
    nouns: ['deliberate practice', 'an honest critique', 'the plateau', 'a practice drill', 'the next skill', 'a recorded attempt', 'the weak spot', 'a harder exercise', 'the feedback loop', 'a personal best'],
    intro: 'shows how to get better on purpose',
    recap: 'showed how to get better on purpose',
  },
];

/** The introduction and the summary write with their own nouns, so they never echo a chapter. */
const FRAME_NOUNS = {
  introduction: ['this book', 'each chapter ahead', 'your first step', 'the question you bring', 'a reader starting from scratch', 'each exercise', 'your own notebook', 'the order of the chapters', 'a worked example', 'the time you can give'],
  summary: ['the main lesson of these chapters', 'your next month', 'the habit that stuck', 'a first small project', 'what you tried', 'the notebook you kept', 'the question still open', 'the coming season', 'the person you learned from', 'the plan you leave with'],
};

/** Independent clauses; a sentence is one clause, or two joined, with an optional lead-in. */
const CLAUSES = [
  '{a} will tell you more about {s} than any plan',
  'few people think about {a} until the question of {s} comes up',
  'it pays to settle {a} before the busy part of {s}',
  '{a} can look minor on paper, yet it shapes {s} {w}',
  'a short note on {a} {w} saves hours later',
  'if {a} feels vague, change one thing about {s}',
  'nobody gets {a} right at the first attempt',
  'explain {a} to a friend over coffee {w}',
  'ask an old hand at {p} about {a}',
  '{a} may matter less than you fear, or more',
  'write {a} down where you will see it {w}',
  'the real test of {a} comes {w}',
  '{a} and {b} pull on each other',
  'start small with {a}, and let {s} show you what to add',
  'without {a}, work on {s} drifts',
  '{a} looks different for {s}',
  'compare {a} with {b} and see which one matters for {s}',
  '{a} rewards patience {w}',
  'the first sign of trouble with {s} usually shows in {a}',
  '{a} deserves ten honest minutes {w}',
  'keep {a} visible, and progress with {s} becomes easier to judge',
  'a friend new to {q} will spot the gaps in {a}',
  '{a} connects {s} to the rest of {p}',
  'most advice about {a} is too general for {s}',
  'there is no prize for making {a} complicated',
  '{a} can change {w}, so look again',
  'treat {a} as a question, not a verdict',
  'once you understand {a}, you can plan {b} with confidence',
  'you can learn a great deal about {s} from {a}',
  'a small change in {a} can move {s} a long way',
  '{a} will keep {p} honest',
  'leave room in {a} for what {s} will teach you',
  'nothing about {a} has to be perfect {w}',
  'decide who looks after {a} and {b}',
  'checking {a} {w} beats any single tip about {s}',
  '{a} often hides behind {b}',
  'look at {a} as a beginner would',
  '{a} may be the quietest part of {p}',
  'if progress on {s} stalls, go back to {a}',
  'put {a} on the calendar {w}',
  'listen to what {a} says about {q}',
  'you will return to {a} {w}',
  '{a} can be fixed {w}',
  'a list of three questions about {a} will do',
  'talk {a} through with {b} in mind',
  'keep {a} and {b} apart for now',
  '{a} comes before {b} for a reason',
  'a clear picture of {a} makes {s} calmer',
  'take {a} slowly {w}',
  'let {a} settle before judging {s}',
  'sketch {a} on paper {w}',
  '{a} will look smaller {w}',
  'one good habit around {a} carries {s}',
  'tie {a} to {b} and both get easier',
  'for {s}, {a} can be the deciding detail',
  'guesswork about {a} will cost you {w}',
  'few surprises in {s} trace back to {a}',
  'plan {a} around {b}, not the reverse',
  'a photo of {a} {w} helps more than memory',
  '{a} stays useful long after {b}',
  'doubt about {a} belongs in your notes on {s}',
  '{a} may need a second look {w}',
  'share {a} with someone who cares about {q}',
  'revisit {a} once {b} has settled',
  'skip {a} and {s} will remind you',
  '{a} tells a beginner where {s} is heading',
  'treat {a} kindly {w}',
  'a calm look at {a} settles most arguments about {s}',
  '{a} sets the pace for {s}',
  'put a date on {a}',
  '{a} can carry {s} through a slow patch',
  'a second opinion on {a} costs little',
  'check {a} against what {s} actually asks of you',
  'pick up {a} again {w}',
  'the best notes on {a} are short',
  'question every rule about {a} once',
  'lean on {a} when {b} wobbles',
  'most of the worry about {a} fades {w}',
  'you will know {a} better {w}',
  '{a} rarely fails all at once',
  'give {a} a name and a place',
  'measure {a} in hours, not hopes',
  'one honest sentence about {a} beats a page of plans',
  '{a} repays a little attention {w}',
  'the same goes for {b}',
  'change {a} one piece at a time',
  'people new to {q} tend to overlook {a}',
  'keep a spare thought for {a}',
  'weigh {a} against {b} before deciding',
  'a plain routine around {a} frees time for {s}',
  'draw a line under {a} {w}',
  'begin {s} with {a} and end with {b}',
  '{a} gives {s} its shape',
  'expect {a} to surprise you {w}',
  'record one fact about {a} {w}',
  '{a} can wait {w}, but not forever',
  'name the part of {a} that worries you {w}',
  'read less about {a}, and try it {w}',
  '{a} links today with {b}',
];

const QUESTIONS = [
  'What does {a} tell you about {s}?',
  'Who else depends on {a}?',
  'What would {s} look like {w} if {a} went well?',
  'Where does {a} fit into {p}?',
  'Which part of {a} could you test {w}?',
  'What would a newcomer to {q} notice first about {a}?',
  'Is {a} helping {s}, or only keeping you busy?',
  'What if {a} were half as complicated?',
  'When did you last look closely at {a}?',
  'Why should {a} matter for {s} at all?',
];

const LEADS = [
  'In practice,', 'For most readers,', 'At first,', 'Later on,', 'Sooner or later,', 'In the long run,', 'As a rule,', 'Even so,', 'Above all,',
  'More often than not,', 'Step by step,', 'Here,', 'Still,', 'Then again,', 'Put simply,', 'For a beginner,', 'In a busy week,', 'Quite often,',
  'From experience,', 'On balance,', 'With time,', 'To be fair,', 'Oddly enough,', 'In short,',
];

const JOINS = ['; ', ', and ', ' — '];

const MOMENTS = [
  'in the first month', 'by the third week', 'after a full year', 'on a quiet weekend', 'at the end of each week', 'before the busy season',
  'on an ordinary Tuesday', 'every few days', 'in the first season', 'after the first setback', 'at the very start', 'once a month', 'when things go well',
  'when plans slip', 'over a long winter', 'by the second year', 'on a bad day', 'in the early weeks', 'after a holiday', 'at the halfway point',
  'before you buy anything', 'when time is short', 'before the next step', 'after a good day',
];

/** First sentences of a section. */
const SECTION_OPENERS = [
  'This part of the chapter is about {s}, and it begins with {a}.',
  'Consider {s} {w}, with {a} in mind.',
  'With {s}, you see {a} at work.',
  'Turn now to {s} and {a}.',
  'Here the focus moves to {s}, and to {a} in particular.',
  'Think of {s} for a moment, starting from {a}.',
  'The questions in this section circle around {s} and {a}.',
  'Let us take {s} on its own terms, beginning with {a}.',
];

/** How a chapter quotes a source passage: {source}, {quote} and {n}. */
const CITATIONS = [
  'On {a}, {source} is direct: “{quote}” [{n}].',
  'One source makes the point about {a} plainly: “{quote}” [{n}].',
  'As {source} puts it when discussing {a}, “{quote}” [{n}].',
  'A line from {source} fits {a} well: “{quote}” [{n}].',
  'The source material is blunt about {a}: “{quote}” [{n}].',
  'Compare {a} with what {source} notes: “{quote}” [{n}].',
];

/** The assistant's own sentences ({c} the chapter's title). */
export interface AssistLexicon {
  expansion: string;
  continuation: string;
  /** The lead a rewrite puts before each paragraph, by the book's style, and for any other style. */
  styleLeads: Record<string, string>;
  otherLead: string;
  /** Whether the paragraph after a lead starts in lower case ("In practice, remote teams…"). */
  lowerAfterLead: boolean;
  /** Instruct: the note after the passage ({i} the instruction). */
  revised: string;
}

/** Everything the offline writer writes with, in one language. */
export interface MockLexicon {
  angles: Angle[];
  frameNouns: { introduction: string[]; summary: string[] };
  clauses: string[];
  questions: string[];
  leads: string[];
  joins: string[];
  moments: string[];
  sectionOpeners: string[];
  citations: string[];
  /** A chapter's first sentence ({p}, {a}), and after an earlier chapter ({prev}, its title). */
  opening: { first: string; after: string };
  /** The introduction's and the summary's first lines ({title}, {p}), and how they name each chapter ({n}, {title}, {what}). */
  frame: { introduction: string; summary: string; tour: string };
  /** A sentence's end, and what goes between sentences and after a lead ('' in Chinese and Japanese). */
  stop: string;
  space: string;
  /** A chapter title from its filled pattern: Title Case in English, a first capital elsewhere. */
  heading: (text: string) => string;
  /** Last touches once the slots are filled: French elision, Korean particles. */
  tidy?: (text: string) => string;
  /** How the topic phrases are found; absent for English, which has its own rules (mock-phrases.ts). */
  words?: PhraseRules;
  assist: AssistLexicon;
}

export const ENGLISH: MockLexicon = {
  angles: ANGLES,
  frameNouns: FRAME_NOUNS,
  clauses: CLAUSES,
  questions: QUESTIONS,
  leads: LEADS,
  joins: JOINS,
  moments: MOMENTS,
  sectionOpeners: SECTION_OPENERS,
  citations: CITATIONS,
  opening: { first: 'This chapter is about {p}, seen through {a}.', after: 'After “{prev}”, this chapter turns to {p} and to {a}.' },
  frame: {
    introduction: 'This book, {title}, is for readers who want to turn {p} from a good intention into a working practice.',
    summary: 'We began with a simple promise: to make {p} practical. Looking back across the chapters, a few threads run through all of them.',
    tour: 'Chapter {n}, “{title}”, {what}.',
  },
  stop: '.',
  space: ' ',
  heading: titleCase,
  assist: {
    expansion: 'Here is what that looks like in practice for {c}. Each step builds on the one before it, so the idea becomes a habit rather than a plan.',
    continuation: 'Building on this, the next step in {c} is to try it once, on a small scale, and notice what changes. What works stays; what does not is the next thing to adjust.',
    styleLeads: { practical: 'In practice,', academic: 'As the evidence suggests,', narrative: 'Picture this:', reference: 'In short,' },
    otherLead: 'Put simply,',
    lowerAfterLead: true,
    revised: '(Revised as you asked: {i})',
  },
};
