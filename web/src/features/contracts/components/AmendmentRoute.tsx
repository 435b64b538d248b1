import { Navigate, useLocation, useParams } from 'react-router';
import { AmendmentDetails } from './AmendmentDetails';
import { mayOpenAmendment } from './amendment-ids';
import './contracts.css';

/** A contract handed over by the page that opens the amendment (there is no contract store yet). */
interface AmendmentLocationState {
  contract?: { objectId?: number | null };
  /** Add New Contract: a new contract with its first amendment, created together (issue 28) */
  newContract?: boolean;
}

/** /enrollments/contracts/amendment/:id behind its guard. */
export function AmendmentRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const state = useLocation().state as AmendmentLocationState | null;
  if (!mayOpenAmendment(id, state?.contract?.objectId) && state?.newContract !== true) return <Navigate to="/" replace />;
  // one screen for every id list: closing or adding a tab keeps the other tabs (and their edits)
  return <AmendmentDetails param={id} />;
}
