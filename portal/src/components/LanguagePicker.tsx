import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { BOOK_LANGUAGES, bookLanguage, findBookLanguage, type BookLanguage } from '../../../libs/domain/index.ts';

/** Text compared without case or accents: "francais" finds Français, "turk" Türkçe. */
const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The languages a picker's text finds, in the list's order: each whose own name, English name or tag contains it; first
 * the one it names as a tag or name the list does not spell (pt-BR, zh-TW, Farsi); every language for no text.
 */
export function filterLanguages(text: string): BookLanguage[] {
  const wanted = folded(text.trim());
  if (!wanted) return [...BOOK_LANGUAGES];
  const found = BOOK_LANGUAGES.filter((l) => [l.native, l.english, l.tag].some((name) => folded(name).includes(wanted)));
  const named = findBookLanguage(text);
  return named && !found.includes(named) ? [named, ...found] : found;
}

/** A language as the picker shows it: in its own name, then in English ("العربية — Arabic"). */
export const languageLabel = (language: BookLanguage) => (language.native === language.english ? language.english : `${language.native} — ${language.english}`);

/** One language in the list: its own name marked with its language and direction, so it is read and set as such. */
function LanguageName({ language }: { language: BookLanguage }) {
  return (
    <>
      <span lang={language.tag} dir={language.dir}>{language.native}</span>
      {language.native !== language.english && <span className="muted"> — {language.english}</span>}
    </>
  );
}

const FIELD_ID = 'language';
const LABEL = 'Book language';

/**
 * The book's language (a labelled combobox, WAI-ARIA's editable combobox with a list): typing filters the languages by
 * their own name, English name or tag; the arrow keys move through them, Enter chooses, Escape closes. `value` is the
 * tag the API is sent; `readOnly` shows a started book's language.
 */
export function LanguagePicker({ value, onChange, readOnly = false }: { value: string; onChange?: (tag: string) => void; readOnly?: boolean }) {
  const listId = `${useId()}-languages`;
  const chosen = bookLanguage(value);
  /** The text typed since the list opened; null while the field shows the chosen language. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = filterLanguages(text ?? '');
  const optionId = (language: BookLanguage) => `${listId}-${language.tag}`;
  const activeOption = open ? options[active] : undefined;
  // The option the arrow keys reach is scrolled into the list's view.
  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const show = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, options.length - 1)));
  };
  const choose = (language: BookLanguage) => {
    onChange?.(language.tag);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      const count = Math.max(1, options.length);
      show(open ? (active + step + count) % count : options.indexOf(chosen));
    } else if (event.key === 'Enter' && open) {
      // While the list is open, Enter chooses (or does nothing): it never submits the form.
      if (activeOption) choose(activeOption);
    } else if (event.key === 'Escape' && open) {
      close();
    } else return;
    event.preventDefault();
  };

  if (readOnly) {
    return (
      <div className="field">
        <label htmlFor={FIELD_ID}>{LABEL}</label>
        <input id={FIELD_ID} value={languageLabel(chosen)} dir="auto" readOnly />
      </div>
    );
  }
  return (
    <div className="field language-picker">
      <label htmlFor={FIELD_ID}>{LABEL}</label>
      <input
        id={FIELD_ID}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-describedby={`${FIELD_ID}-hint`}
        autoComplete="off"
        spellCheck={false}
        dir="auto"
        value={text ?? languageLabel(chosen)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => (open ? close() : show(options.indexOf(chosen)))}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <small id={`${FIELD_ID}-hint`}>The language the book is written in. Type to search by name or language tag (such as ja or pt-BR).</small>
      <ul id={listId} role="listbox" aria-label={LABEL} className="language-options" hidden={!open || options.length === 0}>
        {open &&
          options.map((language, index) => (
            <li
              key={language.tag}
              id={optionId(language)}
              role="option"
              aria-selected={language.tag === chosen.tag}
              className={index === active ? 'active' : undefined}
              // Keep the focus in the field while an option is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(language)}
            >
              <LanguageName language={language} />
            </li>
          ))}
      </ul>
      <small className="muted" role="status">{open && options.length === 0 ? 'No language by that name' : ''}</small>
    </div>
  );
}
