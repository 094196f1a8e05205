import { COLOR_SCHEMES, DEFAULT_COVER_CHOICE, DESIGN_STYLES, type ColorScheme, type DesignStyle } from '../../../libs/domain/index.ts';

/** How the cover is drawn: the same two choices on every generator (they go to generate-cover or generate-complete as design_style and color_scheme). */
export interface CoverChoiceValue {
  style: DesignStyle;
  scheme: ColorScheme;
}

export const DEFAULT_COVER: CoverChoiceValue = { style: DEFAULT_COVER_CHOICE.designStyle, scheme: DEFAULT_COVER_CHOICE.colorScheme };

/** The request fields for a choice. */
export const coverRequestOf = (value: CoverChoiceValue) => ({ design_style: value.style, color_scheme: value.scheme });

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function CoverChoiceFields({ value, onChange, disabled = false }: { value: CoverChoiceValue; onChange: (value: CoverChoiceValue) => void; disabled?: boolean }) {
  return (
    <div className="field-row">
      <div className="field">
        <label htmlFor="cover-style">Design style</label>
        <select id="cover-style" value={value.style} disabled={disabled} onChange={(e) => onChange({ ...value, style: e.target.value as DesignStyle })}>
          {DESIGN_STYLES.map((s) => <option key={s} value={s}>{capitalized(s)}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="cover-scheme">Colour scheme</label>
        <select id="cover-scheme" value={value.scheme} disabled={disabled} onChange={(e) => onChange({ ...value, scheme: e.target.value as ColorScheme })}>
          {COLOR_SCHEMES.map((s) => <option key={s} value={s}>{capitalized(s)}</option>)}
        </select>
      </div>
    </div>
  );
}
