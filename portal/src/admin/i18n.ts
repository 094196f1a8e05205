import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * React-admin's words, with "Email" for the sign-in's user name. Notifications also carry the server's own words (a
 * refusal, "Quote sent"), not message keys: a text with no key is shown as it is (allowMissing), with no "Missing
 * translation" warning.
 */
export const i18nProvider = polyglotI18nProvider(
  () => ({ ...englishMessages, ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: 'Email' } } }),
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);
