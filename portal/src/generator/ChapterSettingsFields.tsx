import { CONTENT_DEPTHS, GENERATION_MODES, type ContentDepth, type GenerationMode } from '../../../libs/domain/index.ts';
import type { ChapterChoice } from '../api/projects.ts';

/** How the author wants the chapters written: the mode, the depth and, for selective, the chapters ticked. */
export interface ChapterSettingsValue {
  mode: GenerationMode;
  depth: ContentDepth;
  chosen: number[];
}

const MODE_HELP: Record<GenerationMode, string> = {
  sequential: 'Sequential: one chapter after another, each written with the text of the chapters before it.',
  parallel: 'Parallel: every chapter at once (fastest); each knows the plan, not the others’ text.',
  selective: 'Selective: only the chapters you tick below.',
};
const DEPTH_HELP: Record<ContentDepth, string> = {
  outline: 'Outline: key points and short paragraphs, a small part of each chapter’s words.',
  draft: 'Draft: about half of each chapter’s words.',
  polished: 'Polished: each chapter’s full length, with a revision pass.',
};

/** What the chapter stage is sent for these settings. */
export const chapterChoiceOf = ({ mode, depth, chosen }: ChapterSettingsValue): ChapterChoice => ({
  generation_mode: mode,
  content_depth: depth,
  chapters_to_generate: mode === 'selective' ? [...chosen].sort((a, b) => a - b) : null,
});

/** Selective with nothing ticked has nothing to write. */
export const chapterSettingsReady = (value: ChapterSettingsValue) => value.mode !== 'selective' || value.chosen.length > 0;

/**
 * The generation mode and content depth selects (document 2, §2.4 and §9), with what each choice does and, in
 * selective mode, a box per planned chapter. Every generator page uses this one.
 */
export function ChapterSettingsFields({ value, onChange, chapters = [], modes = GENERATION_MODES, disabled = false }: {
  value: ChapterSettingsValue;
  onChange: (value: ChapterSettingsValue) => void;
  /** The planned chapters, for selective mode (a page without a plan yet offers no selective mode). */
  chapters?: { chapter_number: number; chapter_title: string }[];
  modes?: readonly GenerationMode[];
  disabled?: boolean;
}) {
  return (
    <div className="chapter-settings">
      <div className="structure-settings" aria-label="Content settings">
        <label className="inline-field">
          Generation mode
          <select value={value.mode} disabled={disabled} onChange={(e) => onChange({ ...value, mode: e.target.value as GenerationMode })} aria-label="Generation mode">
            {modes.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <label className="inline-field">
          Content depth
          <select value={value.depth} disabled={disabled} onChange={(e) => onChange({ ...value, depth: e.target.value as ContentDepth })} aria-label="Content depth">
            {CONTENT_DEPTHS.map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
        </label>
      </div>
      <p className="muted">{MODE_HELP[value.mode]} {DEPTH_HELP[value.depth]}</p>
      {value.mode === 'selective' && (
        <fieldset className="chapter-choice">
          <legend>Chapters to write</legend>
          {chapters.map((c) => (
            <label key={c.chapter_number} className="inline-field">
              <input
                type="checkbox"
                checked={value.chosen.includes(c.chapter_number)}
                disabled={disabled}
                onChange={(e) => onChange({ ...value, chosen: e.target.checked ? [...value.chosen, c.chapter_number] : value.chosen.filter((n) => n !== c.chapter_number) })}
              />
              {c.chapter_number}. {c.chapter_title}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
