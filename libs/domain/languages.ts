// A book's language: one BCP 47 tag, and everything that follows from it (script, direction, hyphenation, quotes,
// fonts, the book's fixed labels). The one table every format, prompt and page reads.

/** Scripts Pressroom sets, as ISO 15924 codes (Jpan, Hans, Hant and Kore are the CJK writing systems). */
export type BookScript = 'Latn' | 'Grek' | 'Cyrl' | 'Arab' | 'Hebr' | 'Deva' | 'Beng' | 'Thai' | 'Jpan' | 'Hans' | 'Hant' | 'Kore';

/** The fixed words of a book, in its language. `{n}`, `{author}` are filled in. */
export interface BookLabels {
  contents: string;
  introduction: string;
  chapter: string;
  summary: string;
  references: string;
  figure: string;
  footnotes: string;
  byline: string;
  rights: string;
  passagesCited: string;
  preface: string;
  /** A count of words (`{n}`), in a form that needs no plural. */
  words: string;
}

export interface BookLanguage {
  /** The BCP 47 tag stored with the book and written into every format. */
  tag: string;
  /** The language's name in English (what the API accepted before tags, and what prompts say). */
  english: string;
  /** The language's name in itself, as the picker shows it. */
  native: string;
  script: BookScript;
  dir: 'ltr' | 'rtl';
  /** Typst's `lang` and `region` (hyphenation patterns, smart quotes, text shaping). */
  typst: { lang: string; region?: string };
  /** Whether words break across lines with a hyphen (never in scripts without hyphenation: CJK, Thai, Arabic…). */
  hyphenate: boolean;
  /** Whether the script has italics (Latin, Greek, Cyrillic); others show emphasis without slanting. */
  italic: boolean;
  /** Whether words are separated by spaces (not in Chinese, Japanese, Thai: line breaks there join without one). */
  spaced: boolean;
  /** Whether letters may be spaced out (not in scripts whose letters join: Arabic, Devanagari, Bengali). */
  tracking: boolean;
  /** The marks a quotation opens and closes with (in the order the text is written, whatever its direction). */
  quotes: readonly [open: string, close: string];
  labels: BookLabels;
}

type Quotes = BookLanguage['quotes'];
type Row = [tag: string, english: string, native: string, script: BookScript, region: string | undefined, quotes: Quotes, labels: string];

const CURLY: Quotes = ['“', '”'];
const CORNER: Quotes = ['「', '」'];
const GUILLEMETS: Quotes = ['«', '»'];
// French sets a narrow no-break space inside its guillemets.
const FRENCH: Quotes = ['«\u202F', '\u202F»'];
const GERMAN: Quotes = ['„', '“'];
const POLISH: Quotes = ['„', '”'];

// Labels, in BookLabels' order, separated by |.
const ROWS: Row[] = [
  ['en', 'English', 'English', 'Latn', undefined, CURLY, 'Contents|Introduction|Chapter {n}|Summary|References|Figure|Footnotes|by {author}|All rights reserved.|Passages cited|Preface|{n} words'],
  ['ja', 'Japanese', '日本語', 'Jpan', undefined, CORNER, '目次|はじめに|第{n}章|まとめ|参考文献|図|脚注|{author} 著|無断転載を禁じます。|引用箇所|序文|{n}語'],
  ['zh-Hans', 'Chinese (Simplified)', '简体中文', 'Hans', 'CN', CURLY, '目录|引言|第{n}章|总结|参考文献|图|脚注|{author} 著|版权所有，侵权必究。|引用段落|序言|{n}词'],
  ['zh-Hant', 'Chinese (Traditional)', '繁體中文', 'Hant', 'TW', CORNER, '目錄|引言|第{n}章|總結|參考文獻|圖|註腳|{author} 著|版權所有，翻印必究。|引用段落|序言|{n}詞'],
  ['ko', 'Korean', '한국어', 'Kore', undefined, CURLY, '차례|들어가며|제{n}장|요약|참고 문헌|그림|각주|{author} 지음|무단 전재 및 복제를 금합니다.|인용된 구절|머리말|{n}단어'],
  ['th', 'Thai', 'ไทย', 'Thai', undefined, CURLY, 'สารบัญ|บทนำ|บทที่ {n}|บทสรุป|เอกสารอ้างอิง|รูปที่|เชิงอรรถ|โดย {author}|สงวนลิขสิทธิ์|ข้อความที่อ้างถึง|คำนำ|{n} คำ'],
  ['hi', 'Hindi', 'हिन्दी', 'Deva', undefined, CURLY, 'विषय-सूची|प्रस्तावना|अध्याय {n}|सारांश|संदर्भ|चित्र|पाद-टिप्पणियाँ|{author} द्वारा|सर्वाधिकार सुरक्षित।|उद्धृत अंश|प्राक्कथन|{n} शब्द'],
  ['bn', 'Bengali', 'বাংলা', 'Beng', undefined, CURLY, 'সূচিপত্র|ভূমিকা|অধ্যায় {n}|সারসংক্ষেপ|তথ্যসূত্র|চিত্র|পাদটীকা|{author}|সর্বস্বত্ব সংরক্ষিত।|উদ্ধৃত অংশ|মুখবন্ধ|{n} শব্দ'],
  ['ar', 'Arabic', 'العربية', 'Arab', undefined, GUILLEMETS, 'المحتويات|مقدمة|الفصل {n}|خلاصة|المراجع|شكل|الحواشي|تأليف {author}|جميع الحقوق محفوظة.|المقاطع المقتبسة|تمهيد|عدد الكلمات: {n}'],
  ['fa', 'Persian', 'فارسی', 'Arab', undefined, GUILLEMETS, 'فهرست مطالب|مقدمه|فصل {n}|جمع‌بندی|منابع|شکل|پانویس‌ها|نوشتهٔ {author}|تمامی حقوق محفوظ است.|بخش‌های نقل‌شده|پیشگفتار|{n} واژه'],
  ['ur', 'Urdu', 'اردو', 'Arab', undefined, GUILLEMETS, 'فہرست|تعارف|باب {n}|خلاصہ|حوالہ جات|شکل|حواشی|از {author}|جملہ حقوق محفوظ ہیں۔|منقول اقتباسات|پیش لفظ|{n} الفاظ'],
  ['he', 'Hebrew', 'עברית', 'Hebr', undefined, CURLY, 'תוכן העניינים|מבוא|פרק {n}|סיכום|מקורות|איור|הערות שוליים|מאת {author}|כל הזכויות שמורות.|קטעים מצוטטים|הקדמה|{n} מילים'],
  ['ru', 'Russian', 'Русский', 'Cyrl', undefined, GUILLEMETS, 'Содержание|Введение|Глава {n}|Заключение|Литература|Рисунок|Примечания|{author}|Все права защищены.|Цитируемые фрагменты|Предисловие|Слов: {n}'],
  ['uk', 'Ukrainian', 'Українська', 'Cyrl', undefined, GUILLEMETS, 'Зміст|Вступ|Розділ {n}|Підсумок|Література|Рисунок|Примітки|{author}|Усі права захищено.|Цитовані фрагменти|Передмова|Слів: {n}'],
  ['el', 'Greek', 'Ελληνικά', 'Grek', undefined, GUILLEMETS, 'Περιεχόμενα|Εισαγωγή|Κεφάλαιο {n}|Σύνοψη|Βιβλιογραφία|Εικόνα|Υποσημειώσεις|{author}|Με επιφύλαξη παντός δικαιώματος.|Αποσπάσματα που παρατίθενται|Πρόλογος|Λέξεις: {n}'],
  ['pl', 'Polish', 'Polski', 'Latn', undefined, POLISH, 'Spis treści|Wstęp|Rozdział {n}|Podsumowanie|Bibliografia|Rysunek|Przypisy|{author}|Wszelkie prawa zastrzeżone.|Cytowane fragmenty|Przedmowa|Liczba słów: {n}'],
  ['tr', 'Turkish', 'Türkçe', 'Latn', undefined, CURLY, 'İçindekiler|Giriş|Bölüm {n}|Özet|Kaynakça|Şekil|Dipnotlar|{author}|Tüm hakları saklıdır.|Alıntılanan bölümler|Önsöz|{n} kelime'],
  ['vi', 'Vietnamese', 'Tiếng Việt', 'Latn', undefined, CURLY, 'Mục lục|Lời giới thiệu|Chương {n}|Tóm tắt|Tài liệu tham khảo|Hình|Chú thích|{author}|Bảo lưu mọi quyền.|Các đoạn được trích dẫn|Lời nói đầu|{n} từ'],
  ['de', 'German', 'Deutsch', 'Latn', undefined, GERMAN, 'Inhalt|Einleitung|Kapitel {n}|Zusammenfassung|Literatur|Abbildung|Fußnoten|von {author}|Alle Rechte vorbehalten.|Zitierte Passagen|Vorwort|{n} Wörter'],
  ['fr', 'French', 'Français', 'Latn', undefined, FRENCH, 'Table des matières|Introduction|Chapitre {n}|Résumé|Références|Figure|Notes|par {author}|Tous droits réservés.|Passages cités|Préface|{n} mots'],
  ['es', 'Spanish', 'Español', 'Latn', undefined, GUILLEMETS, 'Índice|Introducción|Capítulo {n}|Resumen|Referencias|Figura|Notas|por {author}|Todos los derechos reservados.|Pasajes citados|Prefacio|{n} palabras'],
  ['it', 'Italian', 'Italiano', 'Latn', undefined, GUILLEMETS, 'Indice|Introduzione|Capitolo {n}|Sintesi|Bibliografia|Figura|Note|di {author}|Tutti i diritti riservati.|Passi citati|Prefazione|{n} parole'],
  ['pt', 'Portuguese', 'Português', 'Latn', undefined, CURLY, 'Sumário|Introdução|Capítulo {n}|Resumo|Referências|Figura|Notas|por {author}|Todos os direitos reservados.|Trechos citados|Prefácio|{n} palavras'],
  ['nl', 'Dutch', 'Nederlands', 'Latn', undefined, CURLY, 'Inhoud|Inleiding|Hoofdstuk {n}|Samenvatting|Literatuur|Figuur|Voetnoten|door {author}|Alle rechten voorbehouden.|Geciteerde passages|Voorwoord|{n} woorden'],
  ['id', 'Indonesian', 'Bahasa Indonesia', 'Latn', undefined, CURLY, 'Daftar Isi|Pendahuluan|Bab {n}|Ringkasan|Daftar Pustaka|Gambar|Catatan Kaki|oleh {author}|Hak cipta dilindungi undang-undang.|Kutipan|Prakata|{n} kata'],
  ['sw', 'Swahili', 'Kiswahili', 'Latn', undefined, CURLY, 'Yaliyomo|Utangulizi|Sura ya {n}|Muhtasari|Marejeo|Kielelezo|Tanbihi|na {author}|Haki zote zimehifadhiwa.|Vifungu vilivyonukuliwa|Dibaji|Maneno {n}'],
];

const LABEL_KEYS: (keyof BookLabels)[] = ['contents', 'introduction', 'chapter', 'summary', 'references', 'figure', 'footnotes', 'byline', 'rights', 'passagesCited', 'preface', 'words'];
const RTL: ReadonlySet<BookScript> = new Set(['Arab', 'Hebr']);
const WITH_ITALICS: ReadonlySet<BookScript> = new Set(['Latn', 'Grek', 'Cyrl']);
const UNSPACED: ReadonlySet<BookScript> = new Set(['Jpan', 'Hans', 'Hant', 'Thai']);
const JOINED: ReadonlySet<BookScript> = new Set(['Arab', 'Deva', 'Beng']);

/** Every language a book can be written in, in the order the picker lists them. */
export const BOOK_LANGUAGES: readonly BookLanguage[] = ROWS.map(([tag, english, native, script, region, quotes, labels]) => {
  const words = labels.split('|');
  return {
    tag,
    english,
    native,
    script,
    dir: RTL.has(script) ? 'rtl' : 'ltr',
    typst: { lang: tag.split('-')[0] as string, ...(region ? { region } : {}) },
    // Typst hyphenates the alphabets it has patterns for; Vietnamese syllables are not split.
    hyphenate: WITH_ITALICS.has(script) && tag !== 'vi',
    italic: WITH_ITALICS.has(script),
    spaced: !UNSPACED.has(script),
    tracking: !JOINED.has(script),
    quotes,
    labels: Object.fromEntries(LABEL_KEYS.map((key, i) => [key, words[i] as string])) as unknown as BookLabels,
  };
});

export const DEFAULT_LANGUAGE_TAG = 'en';

const BY_TAG = new Map(BOOK_LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));
// The spec's English names (and the names books were stored under before tags), and tags that name a listed language.
const ALIASES = new Map<string, string>([
  ...BOOK_LANGUAGES.map((l) => [l.english.toLowerCase(), l.tag] as [string, string]),
  ['chinese', 'zh-Hans'], ['simplified chinese', 'zh-Hans'], ['traditional chinese', 'zh-Hant'], ['mandarin', 'zh-Hans'],
  ['farsi', 'fa'], ['bangla', 'bn'], ['bahasa', 'id'], ['kiswahili', 'sw'],
  ['zh', 'zh-Hans'], ['zh-cn', 'zh-Hans'], ['zh-sg', 'zh-Hans'], ['zh-tw', 'zh-Hant'], ['zh-hk', 'zh-Hant'], ['zh-mo', 'zh-Hant'],
  ['iw', 'he'], ['in', 'id'],
]);

/**
 * The listed language a value names: a BCP 47 tag (`ar`, `zh-Hant`, `pt-BR` → `pt`) or an English name (`Arabic`),
 * or undefined for anything else.
 */
export function findBookLanguage(value: string): BookLanguage | undefined {
  const key = value.trim().toLowerCase().replace(/_/g, '-');
  if (!key) return undefined;
  const direct = BY_TAG.get(key) ?? BY_TAG.get(ALIASES.get(key)?.toLowerCase() ?? '');
  if (direct) return direct;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(key);
  } catch {
    return undefined;
  }
  if (locale.language === 'zh') {
    const script = locale.script ?? new Intl.Locale(key).maximize().script;
    return BY_TAG.get(script === 'Hant' ? 'zh-hant' : 'zh-hans');
  }
  return BY_TAG.get(locale.language) ?? BY_TAG.get(ALIASES.get(locale.language)?.toLowerCase() ?? '');
}

/** The book's language; a book stored before tags (or with a value no longer listed) reads as English. */
export const bookLanguage = (value: string | null | undefined): BookLanguage =>
  findBookLanguage(value ?? '') ?? (BY_TAG.get(DEFAULT_LANGUAGE_TAG) as BookLanguage);

/** The message for a language the API does not list. */
export const LanguageMessages = {
  unknown: 'Choose the book\'s language from the list (a language tag such as "en", "ja", "ar" or "zh-Hant", or its English name)',
} as const;

/** A label with its `{n}` / `{author}` filled in. */
export const fillLabel = (label: string, values: { n?: number | string; author?: string }) =>
  label.replace(/\{n\}/g, String(values.n ?? '')).replace(/\{author\}/g, values.author ?? '');

/** The copyright line of a book, in its language: the symbol and year are the same everywhere. */
export const copyrightLine = (language: BookLanguage, author: string, year: number) => `© ${year} ${author}. ${language.labels.rights}`;

/** Upper case as the language writes it (Turkish dotted İ), for covers. */
export const upperCaseIn = (language: BookLanguage, text: string) => text.toLocaleUpperCase(language.tag);

/** Font families by script and role, for every format (the files are found by libs/render/fonts.ts). */
export interface ScriptFonts {
  /** The book face for running text. */
  serif: string;
  /** Headings and covers' sans. */
  sans: string;
  /** The cover's display face. */
  display: string;
}

const LATIN_FONTS: ScriptFonts = { serif: 'Libertinus Serif', sans: 'Inter', display: 'Playfair Display' };
const CJK_FONTS = (region: string): ScriptFonts => ({ serif: `Noto Serif CJK ${region}`, sans: `Noto Sans CJK ${region}`, display: `Noto Serif CJK ${region}` });
const same = (serif: string, sans: string): ScriptFonts => ({ serif, sans, display: serif });

export const SCRIPT_FONTS: Record<BookScript, ScriptFonts> = {
  Latn: LATIN_FONTS,
  Grek: LATIN_FONTS,
  Cyrl: LATIN_FONTS,
  Jpan: CJK_FONTS('JP'),
  Hans: CJK_FONTS('SC'),
  Hant: CJK_FONTS('TC'),
  Kore: CJK_FONTS('KR'),
  // Amiri's letters are whole glyphs, so a PDF's text layer gives the words back; Noto Naskh's dots are marks of their
  // own, which PDF readers take for letters.
  Arab: same('Amiri', 'Noto Sans Arabic'),
  Hebr: same('Noto Serif Hebrew', 'Noto Sans Hebrew'),
  Deva: same('Noto Serif Devanagari', 'Noto Sans Devanagari'),
  Beng: same('Noto Serif Bengali', 'Noto Sans Bengali'),
  Thai: same('Sarabun', 'Sarabun'),
};

/** Latin fonts that back up every script's (names, numbers), then every other script's, for text in any language. */
const fallbacks = (role: keyof ScriptFonts, latinBackup: string) =>
  [...new Set([LATIN_FONTS[role], latinBackup, ...Object.values(SCRIPT_FONTS).map((f) => f[role])])];
const FALLBACK_FONTS: Record<keyof ScriptFonts, string[]> = {
  serif: fallbacks('serif', 'Noto Serif'),
  sans: fallbacks('sans', 'Noto Sans'),
  display: fallbacks('display', 'Noto Serif'),
};

/**
 * The font families for a role in a book, best first: the book's script's own, then the rest, so a Latin name in an
 * Arabic book or a Japanese word in an English one is set too. CJK books set Latin letters in the Latin face.
 */
export function fontStack(language: BookLanguage, role: keyof ScriptFonts): string[] {
  const own = SCRIPT_FONTS[language.script][role];
  const rest = FALLBACK_FONTS[role].filter((f) => f !== own);
  return CJK_SCRIPTS.has(language.script) ? [...rest.slice(0, 1), own, ...rest.slice(1)] : [own, ...rest];
}

export const CJK_SCRIPTS: ReadonlySet<BookScript> = new Set(['Jpan', 'Hans', 'Hant', 'Kore']);

// Ideographs, kana and their punctuation: a line break between two of them joins the lines without a space.
const CJK_CHARACTER = '[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Bopomofo}\\u3000-\\u303f\\uff01-\\uff60]';
const CJK_LINE_BREAK = new RegExp(`(?<=${CJK_CHARACTER})[ \\t]*\\r?\\n[ \\t\\r\\n]*(?=${CJK_CHARACTER})`, 'gu');

/** Lines of Chinese or Japanese text joined as the writer meant them: without a space between the characters. */
export const joinCjkLines = (text: string) => text.replace(CJK_LINE_BREAK, '');
