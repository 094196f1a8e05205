import { describe, expect, it } from 'vitest';
import { countWords, type AssistAction } from '../domain/index.ts';
import { mockWritesIn } from '../domain/mock-languages.ts';
import { assistPrompt, assistTaskFor } from './assist.ts';
import { MockProvider } from './mock.ts';
import { frenchElision } from './mock-languages/fr.ts';
import { koreanParticles } from './mock-languages/ko.ts';
import { promptFor } from './prompts.ts';
import { gistOf, type ChapterBrief, type WritingTask } from './tasks.ts';

// Mock books in every language the mock writer has phrases for, from a title and idea in that language.

interface Book {
  title: string;
  idea: string;
  /** The letters of the language's script; or, for a Latin one, function words it uses and English does not. */
  script?: RegExp;
  words?: string[];
}

const BOOKS: Record<string, Book> = {
  ja: { title: '都市養蜂入門', idea: '屋上やベランダでミツバチを飼うための実践ガイド：巣箱の選び方、季節ごとの世話、蜂蜜の収穫、近所付き合い。', script: /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u },
  'zh-Hans': { title: '城市养蜂入门', idea: '在城市屋顶和阳台上养蜜蜂的实用指南：选择蜂箱、四季照料蜂群、采收蜂蜜、与邻居和睦相处。', script: /\p{scx=Han}/u },
  'zh-Hant': { title: '城市養蜂入門', idea: '在城市屋頂和陽台上養蜜蜂的實用指南：選擇蜂箱、四季照料蜂群、採收蜂蜜、與鄰居和睦相處。', script: /\p{scx=Han}/u },
  ko: { title: '도시 양봉', idea: '도시 옥상과 발코니에서 벌을 기르는 실용 안내서: 벌통 고르기, 계절별 군집 관리, 꿀 수확, 이웃과 잘 지내기.', script: /\p{sc=Hangul}/u },
  ar: { title: 'تربية النحل في المدينة', idea: 'دليل عملي لتربية النحل على أسطح المدن وشرفاتها: اختيار الخلية، ورعاية الطائفة عبر الفصول، وجني العسل، وحسن الجوار.', script: /\p{sc=Arabic}/u },
  he: { title: 'גידול דבורים בעיר', idea: 'מדריך מעשי לגידול דבורים על גגות ומרפסות: בחירת כוורת, טיפול במושבה לאורך העונות, רדיית דבש, יחסים טובים עם השכנים.', script: /\p{sc=Hebrew}/u },
  hi: { title: 'शहरी मधुमक्खी पालन', idea: 'शहर की छतों और बालकनियों पर मधुमक्खी पालन की व्यावहारिक मार्गदर्शिका: छत्ता चुनना, मौसम के अनुसार देखभाल, शहद निकालना और पड़ोसियों से अच्छे संबंध।', script: /\p{sc=Devanagari}/u },
  ru: { title: 'Городское пчеловодство', idea: 'Практическое руководство по содержанию пчёл на городских крышах: выбор улья, уход за семьёй в течение года, сбор мёда и добрые отношения с соседями.', script: /\p{sc=Cyrillic}/u },
  es: { title: 'Apicultura urbana', idea: 'Una guía práctica para criar abejas en azoteas y balcones: la elección de la colmena, el cuidado de la colonia, la cosecha de miel y la buena relación con los vecinos.', words: ['de', 'la', 'el', 'que', 'en', 'y'] },
  fr: { title: 'Apiculture urbaine', idea: 'Un guide pratique pour élever des abeilles sur les toits et les balcons : le choix de la ruche, le soin de la colonie, la récolte du miel et les bonnes relations avec les voisins.', words: ['de', 'la', 'les', 'et', 'vous', 'une'] },
  de: { title: 'Urbane Imkerei', idea: 'Ein praktischer Leitfaden für Bienen auf Dächern und Balkonen: die Wahl des Bienenstocks, die Pflege des Volkes, die Honigernte und gute Nachbarschaft.', words: ['die', 'das', 'und', 'Sie', 'Thema'] },
};

const mock = new MockProvider();
const text = async (task: WritingTask) => (await mock.generate(task)).text;

async function writeBook(language: string, { title, idea }: Pick<Book, 'title' | 'idea'>) {
  const { chapters } = JSON.parse(await text({ kind: 'outline', title, author: 'Ada Writer', idea, chapterCount: 8, totalWords: 16_000, language, style: 'practical' })) as {
    chapters: { title: string; description: string; key_points: string[]; target_words: number }[];
  };
  const plan = chapters[1] as (typeof chapters)[number];
  const brief: ChapterBrief = { number: 2, title: plan.title, description: plan.description, keyPoints: plan.key_points, targetWords: plan.target_words };
  const memory = [`Chapter 1, "${chapters[0]?.title}": …`];
  const chapter = await text({ kind: 'chapter', title, idea, language, style: 'practical', chapter: brief, totalChapters: 8, memory, passages: [] });
  const frame = (kind: 'introduction' | 'summary') =>
    text({ kind, title, author: 'Ada Writer', idea, language, chapters: chapters.map((c, i) => ({ number: i + 1, title: c.title, gist: c.description })), targetWords: 500 });
  return { outline: chapters, brief, chapter, introduction: await frame('introduction'), summary: await frame('summary') };
}

/** The share of a text's letters in a script. */
function shareIn(text: string, script: RegExp): number {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.filter((l) => script.test(l)).length / letters.length;
}

const within = (words: number, target: number, tolerance: number) => Math.abs(words - target) <= target * tolerance;

describe('the mock writer in other languages', () => {
  it.each(Object.entries(BOOKS))('writes a %s book in its own language, to its word budgets', async (language, book) => {
    const { outline, brief, chapter, introduction, summary } = await writeBook(language, book);
    const outlineText = outline.flatMap((c) => [c.title, c.description, ...c.key_points]).join('\n');
    const all = [outlineText, chapter, introduction, summary].join('\n\n');

    if (book.script) {
      expect(shareIn(all, book.script)).toBeGreaterThanOrEqual(0.9);
      expect(all).not.toMatch(/\b(the|and|of|chapter)\b/i);
    } else {
      for (const word of book.words ?? []) expect(all, word).toContain(` ${word} `);
      expect(all).not.toMatch(/ (the|and|of|with|chapter) /i);
    }
    expect(new Set(outline.map((c) => c.title)).size).toBe(outline.length);
    expect(chapter).toMatch(/^## /m);
    expect(within(countWords(chapter), brief.targetWords, 0.05)).toBe(true);
    expect(within(countWords(introduction), 500, 0.05)).toBe(true);
    expect(within(countWords(summary), 500, 0.05)).toBe(true);
  });

  it('titles chapters with the book’s own phrase, in the language’s own pattern', async () => {
    const title = async (language: string) => (await writeBook(language, BOOKS[language] as Book)).outline[0]?.title;
    expect(await title('ja')).toBe('「都市養蜂」の基礎');
    expect(await title('ru')).toBe('Основы: городское пчеловодство');
    expect(await title('ar')).toBe('أساسيات تربية النحل في المدينة');
    expect(await title('de')).toBe('Die Grundlagen: Urbane Imkerei');
  });

  it('writes Traditional Chinese in its own characters', async () => {
    const { chapter } = await writeBook('zh-Hant', BOOKS['zh-Hant'] as Book);
    expect(chapter).toMatch(/這|們|個|對/);
    expect(chapter).not.toMatch(/这|们|个|对/);
  });

  it('writes an outline-depth chapter as a list of its key points first, in the book’s language', async () => {
    const { outline, brief } = await writeBook('ko', BOOKS.ko as Book);
    const chapter = await text({ kind: 'chapter', ...BOOKS.ko, language: 'ko', style: 'practical', chapter: brief, totalChapters: 8, memory: [], passages: [], depth: 'outline' } as WritingTask);
    expect(chapter).toContain(`- ${outline[1]?.key_points[0]}`);
  });

  it.each(Object.entries(BOOKS).filter(([, b]) => b.script))('expands, continues and rewrites a %s passage in its language', async (language, book) => {
    const { chapter } = await writeBook(language, book);
    const passage = chapter.split('\n\n')[2] as string;
    const answer = (action: AssistAction) =>
      text(assistTaskFor({ book: { title: book.title, topic: book.idea, writingStyle: 'practical', language }, chapterTitle: 'X', content: passage, selection: null, action, instruction: null }));
    for (const action of ['expand', 'continue', 'rewrite'] as const) {
      const added = (await answer(action)).replace(passage, '');
      expect(shareIn(added, book.script as RegExp), action).toBeGreaterThanOrEqual(0.9);
    }
    expect(countWords(await answer('shorten'))).toBeLessThan(countWords(passage));
  });

  it('writes English for a language it has no phrases for, and says so', async () => {
    expect(mockWritesIn('th')).toEqual({
      tag: 'en',
      fallback: true,
      message: "The free mock writer does not write Thai yet: it writes this book's text in English. Choose Anthropic or OpenAI to write in Thai.",
    });
    expect(mockWritesIn('Vietnamese')).toMatchObject({ tag: 'en', fallback: true });
    expect(mockWritesIn('Japanese')).toEqual({ tag: 'ja', fallback: false });
    expect(mockWritesIn('zh-TW')).toEqual({ tag: 'zh-Hant', fallback: false });
    expect(mockWritesIn('English')).toEqual({ tag: 'en', fallback: false });

    const { chapter, introduction } = await writeBook('th', { title: 'การเลี้ยงผึ้งในเมือง', idea: 'คู่มือการเลี้ยงผึ้งบนดาดฟ้าและระเบียง: การเลือกรังผึ้ง, การดูแลตามฤดูกาล, การเก็บน้ำผึ้ง' });
    expect(chapter).toMatch(/ the /);
    expect(introduction).toMatch(/ the /);
    expect(chapter).toContain('การเลือกรังผึ้ง');
  });
});

describe('the language’s last touches', () => {
  it('gives Korean particles the form the word before them takes', () => {
    expect(koreanParticles('책을/를 사과을/를 서울으로/로 집으로/로 꿀이/가 벌통은/는')).toBe('책을 사과를 서울로 집으로 꿀이 벌통은');
  });

  it('contracts and elides French articles and prepositions', () => {
    expect(frenchElision('les bases de le choix, de les abeilles, de apiculture, à le jardin, à les voisins, de la ruche')).toBe(
      'les bases du choix, des abeilles, d’apiculture, au jardin, aux voisins, de la ruche',
    );
  });
});

describe('every prompt', () => {
  const book = { title: 'Toshi', idea: 'Bees on roofs' };
  const brief: ChapterBrief = { number: 1, title: 'Start', description: 'First steps.', keyPoints: ['Hives'], targetWords: 1000 };
  const tasks = (language: string): WritingTask[] => [
    { kind: 'outline', ...book, author: 'Ada', chapterCount: 3, totalWords: 9000, language, style: 'practical' },
    { kind: 'chapter', ...book, language, style: 'practical', chapter: brief, totalChapters: 3, memory: [], passages: [] },
    { kind: 'introduction', ...book, author: 'Ada', language, chapters: [{ number: 1, title: 'Start', gist: 'First steps.' }], targetWords: 500 },
    { kind: 'summary', ...book, author: 'Ada', language, chapters: [{ number: 1, title: 'Start', gist: 'First steps.' }], targetWords: 500 },
    { kind: 'expand', title: book.title, language, chapter: brief, text: 'Short.', currentWords: 1 },
    { kind: 'trim', title: book.title, language, chapter: brief, text: 'Long.', currentWords: 1 },
  ];

  it.each(['ja', 'Japanese'])('names the language by its English name and tag (stored as %s)', (language) => {
    for (const task of tasks(language)) expect(promptFor(task).prompt, task.kind).toContain('Japanese (ja)');
  });

  it.each(['expand', 'shorten', 'rewrite', 'continue', 'grammar', 'instruct'] as const)('asks the assistant’s %s in the book’s language', (action) => {
    const task = assistTaskFor({ book: { title: 'T', topic: 'I', writingStyle: 'practical', language: 'ar' }, chapterTitle: 'C', content: 'Text.', selection: null, action, instruction: 'x' });
    expect(assistPrompt(task).prompt).toContain('Write in Arabic (ar).');
  });
});

describe('a chapter’s gist', () => {
  it('ends its sentences where Japanese and Chinese end them', () => {
    expect(gistOf('最初の文です。次の文です。\n\n二つ目の段落です。ほかの文。')).toBe('最初の文です。 二つ目の段落です。');
  });
});
