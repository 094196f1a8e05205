import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/random.ts';
import { BriefFieldMessages, briefFieldProblems, countWords, estimatedTime, GenerationMessages } from './generation.ts';
import { contentComplete, furthestFlowStep, inferWizardStage, stageReached } from './staged-book.ts';

describe('inferWizardStage', () => {
  const empty = { cover_path: null, pdf_path: null, summary: null, chapters: [], introduction: null, outline: null, finalized: false };
  it('reads the stage from what the project has, latest first', () => {
    expect(inferWizardStage(empty)).toBe('project_created');
    expect(inferWizardStage({ ...empty, outline: { chapters: [] } })).toBe('outline_generated');
    expect(inferWizardStage({ ...empty, outline: {}, introduction: 'i' })).toBe('introduction_generated');
    expect(inferWizardStage({ ...empty, outline: {}, introduction: 'i', chapters: [1] })).toBe('chapters_generated');
    expect(inferWizardStage({ ...empty, outline: {}, introduction: 'i', chapters: [1], summary: 's' })).toBe('summary_generated');
    expect(inferWizardStage({ ...empty, summary: 's', finalized: true })).toBe('project_finalized');
    expect(inferWizardStage({ ...empty, summary: 's', finalized: true, pdf_path: '/p' })).toBe('pdf_built');
    expect(inferWizardStage({ ...empty, pdf_path: '/p', cover_path: '/c' })).toBe('complete');
  });
});

describe('the staged pages read how far a book is from the one rule', () => {
  const empty = { cover_path: null, pdf_path: null, summary: null, chapters: [], introduction: null, outline: null, finalized: false };
  const outlined = { ...empty, outline: { chapters: [] } };
  const written = { ...outlined, introduction: 'i', chapters: [1] };

  it('orders the stages: a stage has reached itself and every stage before it', () => {
    expect(stageReached('chapters_generated', 'outline_generated')).toBe(true);
    expect(stageReached('outline_generated', 'outline_generated')).toBe(true);
    expect(stageReached('project_created', 'outline_generated')).toBe(false);
    expect(stageReached('complete', 'pdf_built')).toBe(true);
    expect(stageReached('project_finalized', 'pdf_built')).toBe(false);
  });

  it('counts the content as done once the summary is written and the structure finalized', () => {
    expect(contentComplete(null)).toBe(false);
    expect(contentComplete({ summary: 's', finalized: false })).toBe(false);
    expect(contentComplete({ summary: null, finalized: true })).toBe(false);
    expect(contentComplete({ summary: 's', finalized: true })).toBe(true);
  });

  it("gives the demo's five steps and the workflow's six the step each book may be shown on", () => {
    expect(furthestFlowStep(empty, 5)).toBe(1);
    expect(furthestFlowStep(outlined, 5)).toBe(2);
    expect(furthestFlowStep({ ...outlined, introduction: 'i' }, 5)).toBe(3);
    expect(furthestFlowStep({ ...written, summary: 's' }, 6)).toBe(3);
    expect(furthestFlowStep({ ...written, summary: 's', finalized: true }, 6)).toBe(4);
    expect(furthestFlowStep({ ...written, summary: 's', finalized: true, pdf_path: '/p' }, 6)).toBe(5);
    expect(furthestFlowStep({ ...written, summary: 's', finalized: true, pdf_path: '/p', cover_path: '/c' }, 5)).toBe(5);
    expect(furthestFlowStep({ ...written, summary: 's', finalized: true, pdf_path: '/p', cover_path: '/c' }, 6)).toBe(6);
  });

  it('keeps a book finalized before its summary on Content, where finishing writes the summary', () => {
    expect(inferWizardStage({ ...written, finalized: true })).toBe('project_finalized');
    expect(furthestFlowStep({ ...written, finalized: true }, 6)).toBe(3);
  });
});

describe('estimatedTime', () => {
  it('gives the one-shot estimates of the spec', () => {
    expect(estimatedTime('mock', true)).toBe('30-60 seconds');
    expect(estimatedTime('anthropic', true)).toBe('5-10 minutes');
    expect(estimatedTime('hal9', false)).toBe('2-3 minutes');
  });
});

describe('legacyBriefProblem', () => {
  it('asks for every field, then lists each short one after "Please fix the following: "', async () => {
    const { legacyBriefProblem } = await import('./generation.ts');
    expect(legacyBriefProblem({ title: 'Trust', author: '', idea: 'x' })).toBe('Please fill in all required fields');
    expect(legacyBriefProblem({ title: 'AB', author: 'Al', idea: 'short' })).toBe(
      'Please fix the following: Title must be at least 3 characters long; Author must be at least 3 characters long; Book idea must be at least 10 characters long',
    );
    expect(legacyBriefProblem({ title: 'Trust', author: 'Ada', idea: 'A long enough idea' })).toBeNull();
  });
});

describe('briefFieldProblems', () => {
  it('names each empty or short field, and only lengths where the form has minimums', () => {
    expect(briefFieldProblems({ title: ' ', author: 'Ada', idea: 'short' })).toEqual({ title: BriefFieldMessages.titleMissing, idea: GenerationMessages.descriptionTooShort });
    expect(briefFieldProblems({ title: 'AB', author: '', idea: 'short' }, { minimums: false })).toEqual({ author: BriefFieldMessages.authorMissing });
    expect(briefFieldProblems({ title: 'Trust', author: 'Ada Writer', idea: 'A book about trust at work.' })).toEqual({});
  });
});

describe('countWords', () => {
  const byRegex = (text: string) => (text.match(/[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu) ?? []).length;
  const bySegmenter = (text: string, tag: string) => [...new Intl.Segmenter(tag, { granularity: 'word' }).segment(text)].filter((s) => s.isWordLike).length;

  it('counts words with their apostrophes and hyphens', () => {
    expect(countWords("Don't stop: a well-known rule, 2 times — l’été")).toBe(8);
    expect(countWords('')).toBe(0);
    expect(countWords(" - ' ’ — ")).toBe(0);
  });

  it('counts words in scripts written without spaces as Intl.Segmenter does', () => {
    const japanese = '2024年に、私たちは12人のチームで新しい働き方を始めました。毎朝の短い対話を大切にしています。';
    expect(countWords(japanese)).toBe(bySegmenter(japanese, 'ja'));
    expect(countWords(japanese)).toBeGreaterThan(15);
    const thai = 'ในปี 2024 ทีมของเราเริ่มวิธีการทำงานแบบใหม่';
    expect(countWords(thai)).toBe(bySegmenter(thai, 'th'));
    expect(countWords(thai)).toBeGreaterThan(6);
    expect(countWords('中文')).toBeGreaterThan(0);
  });

  it('keeps vowel signs and other marks inside their words, as the segmenter does', () => {
    for (const [tag, text] of [['hi', 'हमने हर सुबह की छोटी बातचीत को महत्व दिया'], ['bn', 'আমরা প্রতিদিন সকালে কথা বলি'], ['ar', 'الثقة تولد من الوفاء بالوعود'], ['ru', 'Доверие рождается из сдержанных обещаний'], ['vi', 'Niềm tin sinh ra từ những lời hứa']] as const) {
      expect(countWords(text), tag).toBe(bySegmenter(text, tag));
    }
    expect(countWords('हिन्दी')).toBe(1);
  });

  it('counts as the regex does, whatever the script, surrogate pairs and marks', () => {
    const alphabet = ['a', 'Z', '5', ' ', "'", '’', '-', '—', '\u0301', 'é', '𝐀', '😀', '\ud800', 'ि', '٣', '\n', '.', '_'];
    const random = seededRandom(11);
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: random(24) }, () => alphabet[random(alphabet.length)]).join('');
      expect(countWords(text), JSON.stringify(text)).toBe(byRegex(text));
    }
  });
});
