import { Navigate, useLocation, useParams } from 'react-router';
import { ContractsPage } from './ContractsPage';
import { mayOpenAmendment } from './amendment-ids';

/** A contract handed over by the page that opens the amendment (there is no contract store yet). */
interface AmendmentLocationState {
  contract?: { objectId?: number | null };
}

/** /enrollments/contracts/amendment/:id behind its guard. */
export function AmendmentRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const state = useLocation().state as AmendmentLocationState | null;
  if (!mayOpenAmendment(id, state?.contract?.objectId)) return <Navigate to="/" replace />;
  return <ContractsPage />;
}
