// The offline writer's lexicons by language tag (mockWritesIn in libs/domain/mock-languages.ts says which exist).
import type { MockWriterTag } from '../domain/mock-languages.ts';
import { ENGLISH, type MockLexicon } from './mock-lexicon.ts';
import { ARABIC } from './mock-languages/ar.ts';
import { GERMAN } from './mock-languages/de.ts';
import { SPANISH } from './mock-languages/es.ts';
import { FRENCH } from './mock-languages/fr.ts';
import { HEBREW } from './mock-languages/he.ts';
import { HINDI } from './mock-languages/hi.ts';
import { JAPANESE } from './mock-languages/ja.ts';
import { KOREAN } from './mock-languages/ko.ts';
import { RUSSIAN } from './mock-languages/ru.ts';
import { CHINESE } from './mock-languages/zh.ts';

// Traditional forms of the Simplified characters the Chinese lexicon uses (the book's own phrases are left as written).
const SIMPLIFIED = '与东两严个为么习书于仓们价会余关册写况准几划刚别办动区单却历发变后响坚处备复够学实对带帮并应开张当录征总惯愿报担择据数断无时暂机条来松样检没滞点现着础确种笔简系紧纸线组细终经结给统联节获虑见规视触计讨让记论证诉诊试诚话该误说诺读调谈贯践踪转轻较边过迈还这进远迹适选邻释里钟钱错长门问间际静顺顾题验养周';
const TRADITIONAL = '與東兩嚴個為麼習書於倉們價會餘關冊寫況準幾劃剛別辦動區單卻歷發變後響堅處備復夠學實對帶幫並應開張當錄徵總慣願報擔擇據數斷無時暫機條來鬆樣檢沒滯點現著礎確種筆簡繫緊紙線組細終經結給統聯節獲慮見規視觸計討讓記論證訴診試誠話該誤說諾讀調談貫踐蹤轉輕較邊過邁還這進遠跡適選鄰釋裡鐘錢錯長門問間際靜順顧題驗養週';
const TO_TRADITIONAL = new Map([...SIMPLIFIED].map((c, i) => [c, [...TRADITIONAL][i] as string]));

const traditional = (text: string) => [...text].map((c) => TO_TRADITIONAL.get(c) ?? c).join('');

/** A lexicon with every string (and every string in its arrays and records) passed through `convert`. */
function converted<T>(value: T, convert: (text: string) => string): T {
  if (typeof value === 'string') return convert(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => converted(v, convert)) as T;
  if (value && typeof value === 'object' && !(value instanceof RegExp)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, converted(v, convert)])) as T;
  }
  return value;
}

const LEXICONS: Record<MockWriterTag, MockLexicon> = {
  en: ENGLISH,
  ja: JAPANESE,
  'zh-Hans': CHINESE,
  'zh-Hant': converted(CHINESE, traditional),
  ko: KOREAN,
  ar: ARABIC,
  he: HEBREW,
  hi: HINDI,
  ru: RUSSIAN,
  es: SPANISH,
  fr: FRENCH,
  de: GERMAN,
};

export const lexiconFor = (tag: MockWriterTag): MockLexicon => LEXICONS[tag];
