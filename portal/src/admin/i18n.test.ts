import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from './i18n.ts';

afterEach(() => vi.restoreAllMocks());

describe("the back office's words", () => {
  it('shows a notification’s own text as it is, without a "Missing translation" warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(i18nProvider.translate('Quote sent to the author')).toBe('Quote sent to the author');
    expect(i18nProvider.translate('The Elite Service is unavailable right now', { _: 'The Elite Service is unavailable right now' })).toBe('The Elite Service is unavailable right now');
    expect([...warn.mock.calls, ...error.mock.calls].map(String).join('\n')).not.toMatch(/Missing translation/);
  });

  it('keeps react-admin’s own words, and signs in by e-mail', () => {
    expect(i18nProvider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Element updated');
    expect(i18nProvider.translate('ra.auth.username')).toBe('Email');
  });
});
