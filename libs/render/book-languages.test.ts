import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CJK_SCRIPTS, SCRIPT_FONTS, bookLanguage, copyrightLine, countWords, fillLabel, fontStack, type BookLanguage } from '../domain/index.ts';
import { epubCheck } from '../../testing/book-checks.ts';
import { renderDocx } from './docx.ts';
import { renderEpub } from './epub.ts';
import { renderBookHtml } from './html.ts';
import type { Manuscript } from './interior.ts';
import { quartoProjectFiles } from './quarto.ts';

// One short book in each of the fifteen languages the issue names (and Traditional Chinese): a heading, emphasis, a list, a quote, a footnote, numbers and a Latin name.
// [title, author, introduction, chapter title, heading, sentence (with *emphasis*), two list items, quote, footnote, summary]
const TEXTS: Record<string, string[]> = {
  ar: ['رحلة في عالم القراءة', 'ليلى حسن', 'لماذا نقرأ؟ هذا الكتاب يجيب.', 'البدايات', 'عادات القراءة', 'قرأت ليلى *42* كتابًا في عام 2024، كما كتبت Jane Austen في رسالتها.', 'القراءة كل صباح', '15 دقيقة على الأقل', 'الكتاب صديق لا يخون.', 'رسالة إلى أختها، 1813.', 'القراءة عادة تُبنى يومًا بعد يوم.'],
  he: ['מסע בעולם הקריאה', 'נועה לוי', 'למה אנחנו קוראים? הספר הזה עונה.', 'ההתחלה', 'הרגלי קריאה', 'נועה קראה *42* ספרים בשנת 2024, כפי שכתבה Jane Austen במכתב.', 'לקרוא כל בוקר', 'לפחות 15 דקות', 'ספר הוא חבר נאמן.', 'מכתב לאחותה, 1813.', 'קריאה היא הרגל שנבנה יום אחר יום.'],
  ja: ['読書の旅', '山田 花子', 'なぜ本を読むのか。この本が答えます。', '始まり', '読書の習慣', '花子は2024年に*42冊*の本を読んだ。Jane Austenが手紙に書いたように。', '毎朝読む', '少なくとも15分', '本は裏切らない友である。', '姉への手紙、1813年。', '読書は毎日少しずつ身につく習慣である。'],
  'zh-Hant': ['閱讀之旅', '陳美玲', '我們為什麼閱讀？本書給出答案。', '開端', '閱讀習慣', '美玲在2024年讀了*42本*書，正如Jane Austen在信中所寫。', '每天早上閱讀', '至少15分鐘', '書是不會背叛的朋友。', '給姊姊的信，1813年。', '閱讀是一天一天養成的習慣。'],
  hi: ['पढ़ने की यात्रा', 'प्रिया शर्मा', 'हम क्यों पढ़ते हैं? यह पुस्तक उत्तर देती है।', 'शुरुआत', 'पढ़ने की आदतें', 'प्रिया ने 2024 में *42* किताबें पढ़ीं, जैसा Jane Austen ने अपने पत्र में लिखा।', 'हर सुबह पढ़ना', 'कम से कम 15 मिनट', 'किताब एक सच्चा मित्र है।', 'अपनी बहन को पत्र, 1813।', 'पढ़ना एक आदत है जो दिन-ब-दिन बनती है।'],
  th: ['การเดินทางแห่งการอ่าน', 'สมใจ ใจดี', 'ทำไมเราจึงอ่าน หนังสือเล่มนี้มีคำตอบ', 'จุดเริ่มต้น', 'นิสัยการอ่าน', 'สมใจอ่านหนังสือ *42* เล่มในปี 2024 ตามที่ Jane Austen เขียนไว้ในจดหมาย', 'อ่านทุกเช้า', 'อย่างน้อย 15 นาที', 'หนังสือคือเพื่อนที่ไม่เคยทรยศ', 'จดหมายถึงพี่สาว ค.ศ. 1813', 'การอ่านเป็นนิสัยที่สร้างขึ้นทีละวัน'],
  ru: ['Путешествие в мир чтения', 'Анна Иванова', 'Зачем мы читаем? Эта книга отвечает.', 'Начало', 'Привычки чтения', 'Анна прочла *42* книги в 2024 году, как писала Jane Austen в письме.', 'Читать каждое утро', 'Не меньше 15 минут', 'Книга — верный друг.', 'Письмо сестре, 1813.', 'Чтение — привычка, которая строится день за днём.'],
  tr: ['Okuma Yolculuğu', 'Ayşe Yılmaz', 'Neden okuruz? Bu kitap yanıtlıyor.', 'Başlangıç', 'Okuma alışkanlıkları', 'Ayşe 2024 yılında *42* kitap okudu; Jane Austen mektubunda böyle yazmıştı.', 'Her sabah okumak', 'En az 15 dakika', 'Kitap sadık bir dosttur.', 'Kız kardeşine mektup, 1813.', 'Okumak gün gün kazanılan bir alışkanlıktır.'],
  de: ['Die Reise ins Lesen', 'Anna Müller', 'Warum lesen wir? Dieses Buch antwortet.', 'Der Anfang', 'Lesegewohnheiten', 'Anna las 2024 *42* Bücher, wie Jane Austen in einem Brief schrieb.', 'Jeden Morgen lesen', 'Mindestens 15 Minuten', 'Ein Buch ist ein treuer Freund.', 'Brief an ihre Schwester, 1813.', 'Lesen ist eine Gewohnheit, die Tag für Tag wächst.'],
  ko: ['독서 여행', '김지은', '우리는 왜 읽는가? 이 책이 답한다.', '시작', '독서 습관', '지은은 2024년에 *42*권의 책을 읽었다. Jane Austen이 편지에 쓴 것처럼.', '매일 아침 읽기', '적어도 15분', '책은 배신하지 않는 친구다.', '언니에게 보낸 편지, 1813년.', '독서는 하루하루 쌓이는 습관이다.'],
  'zh-Hans': ['阅读之旅', '陈美玲', '我们为什么阅读？本书给出答案。', '开端', '阅读习惯', '美玲在2024年读了*42本*书，正如Jane Austen在信中所写。', '每天早上阅读', '至少15分钟', '书是不会背叛的朋友。', '给姐姐的信，1813年。', '阅读是一天一天养成的习惯。'],
  fa: ['سفری در دنیای خواندن', 'مریم احمدی', 'چرا می‌خوانیم؟ این کتاب پاسخ می‌دهد.', 'آغاز', 'عادت‌های خواندن', 'مریم در سال 2024 *42* کتاب خواند، همان‌طور که Jane Austen در نامه‌اش نوشت.', 'خواندن هر صبح', 'دست‌کم ۱۵ دقیقه', 'کتاب دوستی وفادار است.', 'نامه به خواهرش، 1813.', 'خواندن عادتی است که روز به روز ساخته می‌شود.'],
  el: ['Ταξίδι στην ανάγνωση', 'Μαρία Παπαδοπούλου', 'Γιατί διαβάζουμε; Αυτό το βιβλίο απαντά.', 'Η αρχή', 'Συνήθειες ανάγνωσης', 'Η Μαρία διάβασε *42* βιβλία το 2024, όπως έγραψε η Jane Austen σε ένα γράμμα.', 'Διάβασμα κάθε πρωί', 'Τουλάχιστον 15 λεπτά', 'Το βιβλίο είναι πιστός φίλος.', 'Γράμμα στην αδελφή της, 1813.', 'Το διάβασμα είναι συνήθεια που χτίζεται μέρα με τη μέρα.'],
  pl: ['Podróż w świat czytania', 'Zofia Wójcik', 'Dlaczego czytamy? Ta książka odpowiada.', 'Początek', 'Nawyki czytelnicze', 'Zofia przeczytała w 2024 roku *42* książki, jak pisała Jane Austen w liście.', 'Czytanie każdego ranka', 'Co najmniej 15 minut', 'Książka to wierny przyjaciel.', 'List do siostry, 1813.', 'Czytanie to nawyk budowany dzień po dniu.'],
  vi: ['Hành trình đọc sách', 'Nguyễn Thị Hoa', 'Vì sao chúng ta đọc? Cuốn sách này trả lời.', 'Khởi đầu', 'Thói quen đọc', 'Hoa đã đọc *42* cuốn sách trong năm 2024, như Jane Austen viết trong thư.', 'Đọc mỗi sáng', 'Ít nhất 15 phút', 'Sách là người bạn trung thành.', 'Thư gửi chị gái, 1813.', 'Đọc sách là thói quen được xây dựng từng ngày.'],
  fr: ['Le voyage de la lecture', 'Élodie Lefèvre', 'Pourquoi lisons-nous ? Ce livre répond.', 'Le début', 'Habitudes de lecture', 'Élodie a lu *42* livres en 2024, comme l’écrivait Jane Austen dans une lettre.', 'Lire chaque matin', 'Au moins 15 minutes', 'Un livre est un ami fidèle.', 'Lettre à sa sœur, 1813.', 'La lecture est une habitude qui se construit jour après jour.'],
};
const TAGS = Object.keys(TEXTS);
const RTL_TAGS = TAGS.filter((tag) => bookLanguage(tag).dir === 'rtl');

function book(tag: string): Manuscript {
  const [title, author, introduction, chapter, heading, sentence, first, second, quote, footnote, summary] = TEXTS[tag] as string[];
  return {
    title: title!, author: author!, language: tag, introduction, summary,
    chapters: [{ number: 1, title: chapter!, content: `## ${heading}\n\n${sentence}[^1]\n\n- ${first}\n- ${second}\n\n> ${quote}\n\n[^1]: ${footnote}` }],
    references: [{ n: 1, filename: 'austen-letters.md', passages: ['Jane Austen, 1813'] }],
  };
}

const year = new Date().getFullYear();
/** The cited passage of book()'s reference, under its label and in the language's quotation marks. */
const cited = ({ labels, quotes: [open, close] }: BookLanguage) => `${labels.passagesCited}: ${open}Jane Austen, 1813${close}`;
/** The text of XML or HTML with its character references read (the EPUB's library writes non-ASCII text as them). */
const decoded = (xml: string) => xml.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

/** A zip's files, read back with Info-ZIP's unzip. */
function unzipped(zip: Buffer, name: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'languages-')), name);
  writeFileSync(file, zip);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const read = (entry: string) => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { file, names, read };
}

describe('the EPUB in every language', () => {
  it.each(TAGS)('%s: language and direction on every document, the labels, the author\'s rights, the script\'s fonts', async (tag) => {
    const language = bookLanguage(tag);
    const { labels, dir } = language;
    const epub = unzipped(await renderEpub(book(tag)), 'book.epub');
    const opf = epub.read('OEBPS/content.opf');
    expect(opf).toMatch(new RegExp(`<package\\b[^>]*\\bxml:lang="${tag}"`));
    expect(opf).toContain(`<dc:language>${tag}</dc:language>`);
    expect(opf).toMatch(new RegExp(`<spine\\b[^>]*\\bpage-progression-direction="${RTL_TAGS.includes(tag) ? 'rtl' : 'ltr'}"`));
    expect(opf).toContain(`<dc:rights>${copyrightLine(language, book(tag).author, year)}</dc:rights>`);
    expect(opf).not.toMatch(/Pressroom<\/dc:rights>|All rights reserved/);

    const documents = epub.names.filter((name) => name.endsWith('.xhtml'));
    expect(documents.length).toBe(5);
    for (const name of documents) {
      const html = /<html\b[^>]*>/.exec(epub.read(name))?.[0];
      expect(html, name).toContain(` lang="${tag}"`);
      expect(html, name).toContain(` xml:lang="${tag}"`);
      expect(html, name).toContain(` dir="${dir}"`);
    }
    expect(dir).toBe(RTL_TAGS.includes(tag) ? 'rtl' : 'ltr');

    const nav = epub.read('OEBPS/toc.xhtml');
    expect(nav).toContain(`<h1 class="h1">${labels.contents}</h1>`);
    const entries = [...nav.matchAll(/<a href="[^"]+">([^<]*)/g)].map((m) => m[1]?.trim());
    expect(entries).toEqual([labels.introduction, `1. ${book(tag).chapters[0]?.title}`, labels.summary, labels.references]);
    const text = decoded(documents.map((name) => epub.read(name)).join('\n'));
    expect(text).toContain(`<h2 class="sr-only" id="footnote-label">${labels.footnotes}</h2>`);
    expect(text).toContain(`<small>${cited(language)}</small>`);
    expect(text).toContain('Jane Austen');

    const css = epub.read('OEBPS/style.css');
    expect(css).toContain(`body { font-family: "${fontStack(language, 'serif')[0]}", `);
    expect(css).toContain(`"${SCRIPT_FONTS[language.script].serif}"`);
    expect(css.includes('em, i { font-style: normal; font-weight: bold; }')).toBe(!language.italic);
    expect(epub.names.filter((name) => /\.(ttf|otf|woff2?)$/.test(name))).toEqual([]);
  });

  it('passes epubcheck, right to left (ar) and in CJK (ja)', async () => {
    // The two checks run side by side, each in its own JVM.
    const check = async (tag: string) => epubCheck(await renderEpub(book(tag)));
    for (const report of await Promise.all(['ar', 'ja'].map(check))) expect(report).toContain('No errors or warnings detected');
  }, 60_000);
});

describe('the DOCX in every language', () => {
  it.each(TAGS)('%s: the language, fonts and direction Word needs, and the labels', async (tag) => {
    const language = bookLanguage(tag);
    const { labels } = language;
    const docx = unzipped(await renderDocx(book(tag)), 'book.docx');
    const document = docx.read('word/document.xml');
    const styles = docx.read('word/styles.xml');
    const body = document.replace(/<w:sdt>[\s\S]*?<\/w:sdt>/g, '');
    const paragraphs = [...body.matchAll(/<w:p(?: [^>]*)?>([\s\S]*?)<\/w:p>/g)].map(([, xml = '']) => ({
      style: /<w:pStyle w:val="([^"]+)"\/>/.exec(xml)?.[1] ?? 'Normal',
      text: [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
      xml,
    }));

    expect(paragraphs.filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual([labels.introduction, `1. ${book(tag).chapters[0]?.title}`, labels.summary, labels.references]);
    expect(paragraphs.find((p) => p.style === 'ContentsHeading')?.text).toBe(labels.contents);
    expect(paragraphs.find((p) => p.style === 'Copyright')?.text).toBe(copyrightLine(language, book(tag).author, year));
    expect(paragraphs.find((p) => p.style === 'Reference')?.text).toContain(cited(language));
    expect(body).toContain('Jane Austen');

    const defaults = /<w:docDefaults>([\s\S]*?)<\/w:docDefaults>/.exec(styles)?.[1] ?? '';
    const fonts = /<w:rFonts [^>]*\/>/.exec(defaults)?.[0] ?? '';
    expect(fonts).toContain('w:ascii="Georgia"');
    expect(fonts).toContain('w:hAnsi="Georgia"');
    const own = SCRIPT_FONTS[language.script].serif;
    if (CJK_SCRIPTS.has(language.script)) {
      expect(fonts).toContain(`w:eastAsia="${own}"`);
      expect(defaults).toContain(`<w:lang w:eastAsia="${tag}"/>`);
    } else if (own !== SCRIPT_FONTS.Latn.serif) {
      expect(fonts).toContain(`w:cs="${own}"`);
      expect(defaults).toContain(`<w:lang w:bidi="${tag}"/>`);
    } else {
      expect(fonts).not.toMatch(/w:(eastAsia|cs)=/);
      expect(defaults).toContain(`<w:lang w:val="${tag}"/>`);
    }

    const rtl = RTL_TAGS.includes(tag);
    const runs = [...body.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => m[1] ?? '').filter((xml) => xml.includes('<w:t'));
    expect(runs.length).toBeGreaterThan(10);
    if (rtl) {
      for (const p of paragraphs) expect(p.xml, p.text).toContain('<w:bidi/>');
      for (const run of runs) expect(run).toContain('<w:rtl/>');
      expect(defaults).toContain('<w:bidi/>');
      expect(defaults).toContain('<w:rtl/>');
    } else {
      expect(document).not.toMatch(/<w:(bidi|rtl)\/>/);
      expect(defaults).not.toMatch(/<w:(bidi|rtl)\/>/);
    }

    // Emphasis: italics where the script has them, bold where it has none.
    const emphasised = runs.find((run) => /<w:t[^>]*>42/.test(run)) ?? '';
    expect(emphasised.includes('<w:i/>')).toBe(language.italic);
    expect(emphasised.includes('<w:b/>')).toBe(!language.italic);
  });
});

describe('the HTML book in every language', () => {
  it.each(TAGS)('%s: lang, dir, labels and the script\'s fonts', (tag) => {
    const language = bookLanguage(tag);
    const html = renderBookHtml(book(tag));
    expect(html).toContain(`<html lang="${tag}" dir="${RTL_TAGS.includes(tag) ? 'rtl' : 'ltr'}">`);
    expect(html).toContain(`<nav aria-label="${language.labels.contents}"><h2>${language.labels.contents}</h2>`);
    expect(html).toContain(`<section id="introduction"><h2>${language.labels.introduction}</h2>`);
    expect(html).toContain(`<section id="references"><h2>${language.labels.references}</h2>`);
    expect(decoded(html)).toContain(cited(language));
    expect(html).toContain(`body { font-family: "${fontStack(language, 'serif')[0]}", `);
  });
});

describe('the Quarto project in every language', () => {
  it.each(TAGS)('%s: lang, direction, labels and metadata', (tag) => {
    const language = bookLanguage(tag);
    const files = quartoProjectFiles(book(tag), new Date('2025-03-09T14:30:00Z'));
    const file = (path: string) => String(files.find((f) => f.path === path)?.content ?? '');
    const config = parse(file('_quarto.yml'));
    expect(config.lang).toBe(tag);
    const dir = RTL_TAGS.includes(tag) ? 'rtl' : undefined;
    expect(config.format.html.dir).toBe(dir);
    expect(config.format.epub.dir).toBe(dir);
    expect(config.language).toMatchObject({ 'toc-title-document': language.labels.contents, 'section-title-footnotes': language.labels.footnotes, 'section-title-references': language.labels.references });
    expect(parse(file('cc-config.yml'))).toMatchObject({ language: language.english, 'language-code': tag });
    // The PDF names the script's faces where LuaLaTeX's default has none of its letters.
    const pdf = config.format.pdf as Record<string, unknown>;
    if (CJK_SCRIPTS.has(language.script)) expect(pdf.CJKmainfont).toBe(SCRIPT_FONTS[language.script].serif);
    else if (['Latn', 'Grek', 'Cyrl'].includes(language.script)) expect(pdf.mainfont).toBeUndefined();
    else expect(pdf).toMatchObject({ mainfont: SCRIPT_FONTS[language.script].serif, mainfontoptions: ['Renderer=HarfBuzz'] });
    expect(file('index.qmd')).toContain(`title: "${language.labels.preface} {.unnumbered}"`);
    expect(file('index.qmd')).toContain(copyrightLine(language, book(tag).author, 2025));
    expect(file('intro.qmd')).toContain(`title: "${language.labels.introduction} {.unnumbered}"`);
    // The chapter footer: its number, words and the date, all as the language writes them.
    expect(file('chapter-001.qmd')).toContain(
      [fillLabel(language.labels.chapter, { n: 1 }), fillLabel(language.labels.words, { n: countWords(book(tag).chapters[0]!.content).toLocaleString(tag) }), new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date('2025-03-09T14:30:00Z'))].join(' · '),
    );
    expect(file('summary.qmd')).toContain(`title: "${language.labels.summary} {.unnumbered}"`);
    expect(file('references.qmd')).toContain(`title: "${language.labels.references} {.unnumbered}"`);
  });
});
