import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { MailPreferencesPage } from './mail-preferences/index.tsx';
import { authProvider } from './authProvider.ts';
import { bookRequests } from './book-requests/index.tsx';
import { books } from './books/index.tsx';
import { Dashboard } from './Dashboard.tsx';
import { earnings } from './earnings/index.tsx';
import { dataProvider } from './dataProvider.ts';
import { eliteRequests } from './elite-requests/index.tsx';
import { BackOfficeLayout } from './layout.tsx';
import { darkTheme, lightTheme } from './theme.ts';
import { payments } from './payments/index.tsx';
import { printOrders } from './print-orders/index.tsx';
import { sales } from './sales/index.tsx';
import { users } from './users/index.tsx';
import { TeamProfilePage } from './team-profile/TeamProfilePage.tsx';
import { BackOfficeLoading } from '../components/BackOfficeLoading.tsx';
import { i18nProvider } from './i18n.ts';

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
      layout={BackOfficeLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      requireAuth
      loading={BackOfficeLoading}
      disableTelemetry
    >
      {(permissions: string) => [
        <Resource key="elite-requests" name="elite-requests" {...eliteRequests} />,
        <Resource key="books" name="books" {...books} />,
        <Resource key="users" name="users" {...users} {...(permissions === 'admin' ? {} : { edit: undefined })} />,
        <Resource key="book-requests" name="book-requests" {...bookRequests} />,
        <Resource key="payments" name="payments" {...payments} />,
        <Resource key="print-orders" name="print-orders" {...printOrders} />,
        <Resource key="sales" name="sales" {...sales} />,
        <Resource key="earnings" name="earnings" {...earnings} />,
        <CustomRoutes key="mail-preferences">
          <Route path="/mail-preferences" element={<MailPreferencesPage />} />
        </CustomRoutes>,
        <CustomRoutes key="profile">
          <Route path="/profile" element={<TeamProfilePage />} />
        </CustomRoutes>,
      ]}
    </Admin>
  );
}
