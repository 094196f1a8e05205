import { useState } from 'react';
import { MAIL_DELIVERIES, MAIL_DELIVERY_LABELS, type MailCategory, type MailDeliveryChoice } from '../../../libs/domain/index.ts';
import { useMailPreferences, useSaveMailPreferences } from '../api/mailPreferences.ts';
import { Spinner } from './Spinner.tsx';

/**
 * The caller's choice, per kind of news, of "at once", "in a daily digest" or "off"; what must reach them is named
 * above the choices and cannot be turned off. Used by the author's account page and the back office alike.
 */
export function MailPreferencesForm() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const [edits, setEdits] = useState<Partial<Record<MailCategory, MailDeliveryChoice>>>({});
  const [saved, setSaved] = useState(false);

  if (preferences.isPending) return <Spinner label="Loading your mail preferences…" />;
  if (preferences.isError) return <p className="error-banner" role="alert">{preferences.error.message}</p>;

  const submit = () => {
    setSaved(false);
    save.mutate(edits, {
      onSuccess: () => {
        setEdits({});
        setSaved(true);
      },
    });
  };

  return (
    <form
      className="card account-form"
      aria-labelledby="mail-preferences-heading"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="mail-preferences-heading">Mail preferences</h2>
      <p>{preferences.data.must_know}</p>
      {save.isError && <div className="error-banner" role="alert">{save.error.message}</div>}
      {saved && <p className="notice" role="status">Your mail preferences are saved.</p>}
      {preferences.data.categories.map(({ category, label, about, choice }) => (
        <fieldset className="field" key={category}>
          <legend>{label}</legend>
          <p className="hint">{about}</p>
          {MAIL_DELIVERIES.map((option) => (
            <label key={option} className="radio">
              <input type="radio" name={category} value={option} checked={(edits[category] ?? choice) === option} onChange={() => setEdits({ ...edits, [category]: option })} />{' '}
              {MAIL_DELIVERY_LABELS[option]}
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save mail preferences'}
      </button>
    </form>
  );
}
