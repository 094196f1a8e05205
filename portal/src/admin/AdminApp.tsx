import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
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
    >
      {/* react-admin renders nothing without at least one child; resources join this route as they land. */}
      <CustomRoutes>
        <Route path="/health" element={<Dashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
