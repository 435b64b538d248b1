import { AREAS } from '../../../config/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Reports (hidden from and blocked for agents); delivered by a later issue. */
export function ReportsPage() {
  return <AreaPlaceholder title={AREAS.reports.title} icon={AREAS.reports.icon} />;
}
