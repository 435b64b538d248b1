import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { AREAS } from '../config/areas';
import { isWorkQueuesStart, startPageQuery } from '../entities/home/api';

/**
 * /enrollments: Contracts (spec 1 "Routes"), unless the user chose Work Queues as their start page
 * (a saved view of the 'start' list; docs/home.md). A failed read keeps the spec's default.
 */
export function StartRedirect() {
  // one try: a failure keeps the spec's default at once
  const start = useQuery({ ...startPageQuery(), retry: false });
  if (start.isPending) return <LoadingScreen />;
  return <Navigate to={isWorkQueuesStart(start.data) ? AREAS.workQueues.path : AREAS.contracts.path} replace />;
}
