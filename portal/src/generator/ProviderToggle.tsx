import type { ProviderOption } from '../../../libs/contracts/index.ts';
import type { ProviderId } from '../../../libs/domain/index.ts';

/** Why the real AI cannot be chosen, in an author's words (null: it can). */
function realUnavailable(real: ProviderOption[]): string | null {
  if (real.some((p) => p.available)) return null;
  if (real.some((p) => p.signInRequired)) return 'Sign in to have a real AI write your book. Mock data works without an account.';
  return 'Writing with a real AI is not switched on for this site yet, so books here use mock data for now.';
}

/**
 * Step 1's switch between mock data (instant, free) and the real API (document 2, §2.4): mock writes with the mock
 * provider, real with the server's configured provider — a choice among them when there are several.
 */
export function ProviderToggle({ providers, value, onChange }: { providers: ProviderOption[] | undefined; value: ProviderId; onChange: (id: ProviderId) => void }) {
  const real = (providers ?? []).filter((p) => p.id !== 'mock');
  const usable = real.filter((p) => p.available);
  // Nothing to explain until the server has said what it offers.
  const reason = providers ? realUnavailable(real) : null;
  const isReal = value !== 'mock';
  const first = usable[0];
  return (
    <fieldset className="provider-list" aria-describedby={reason ? 'provider-reason' : undefined}>
      <legend>Write with</legend>
      <label className="toggle">
        <input type="radio" name="provider-kind" checked={!isReal} onChange={() => onChange('mock')} />
        Mock data (instant)
      </label>
      <label className="toggle">
        <input type="radio" name="provider-kind" checked={isReal} disabled={!first} onChange={() => first && onChange(first.id)} />
        Real AI{usable.length === 1 && first ? ` (${first.displayName})` : ''}
      </label>
      {reason && <small id="provider-reason">{reason}</small>}
      {isReal && usable.length > 1 && (
        <div className="field">
          <label htmlFor="f-provider">AI Provider</label>
          <select id="f-provider" value={value} onChange={(e) => onChange(e.target.value as ProviderId)}>
            {usable.map((p) => <option key={p.id} value={p.id}>{p.displayName}</option>)}
          </select>
        </div>
      )}
    </fieldset>
  );
}
