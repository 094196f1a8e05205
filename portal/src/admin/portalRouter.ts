// react-router-dom as the back office sees it. The back office always renders inside the portal's router (App.tsx, route
// /admin/*), so react-admin's fallback for an app without one, a hash data router, is never used; leaving it out keeps
// about 17 KB gzip of react-router that only it needs out of the chunk every first visit loads (vite.config.ts).
export * from 'react-router-dom';

const insidePortal = (): never => {
  throw new Error('The back office runs inside the portal router (App.tsx).');
};
export const createHashRouter = insidePortal;
export const RouterProvider = insidePortal;
