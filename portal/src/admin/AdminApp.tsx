import { Admin } from 'react-admin';
import { authProvider } from './authProvider.ts';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';

/** The Elite team's back office at /admin. Resources are added one folder each as their features land. */
export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      title="Pressroom back office"
      authProvider={authProvider}
      dataProvider={dataProvider}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    />
  );
}
