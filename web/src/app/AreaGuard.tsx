import { Navigate, Outlet } from 'react-router';
import { mayAccess } from '@eb/shared/roles';
import { useSignedInUser } from '../entities/users/session';
import type { Area } from '../config/areas';

/** Blocks what the navigation hides: a user without access to the area goes to its `deniedTo`. */
export function AreaGuard({ area }: { area: Area }) {
  const user = useSignedInUser();
  if (!mayAccess(area.access, user.userType)) return <Navigate to={area.deniedTo} replace />;
  return <Outlet />;
}
