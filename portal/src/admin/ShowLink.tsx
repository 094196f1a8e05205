import type { ReactNode } from 'react';
import { Link, useCreatePath } from 'react-admin';

/** A link to a record's show page in another resource. The back office lives under /admin, and createPath adds that. */
export function ShowLink({ resource, id, children }: { resource: string; id: string; children: ReactNode }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource, id, type: 'show' })}>{children}</Link>;
}
