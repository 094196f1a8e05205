import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider.ts';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';
import { users } from './users/index.tsx';

// Accounts sign in with their e-mail.
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: 'Email' } } }), 'en');

/** The Elite team's back office at /admin: one resource folder per feature. */
export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      title="Pressroom back office"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      {(permissions: string) => <Resource name="users" {...users} {...(permissions === 'admin' ? {} : { edit: undefined })} />}
    </Admin>
  );
}
