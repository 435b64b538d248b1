import { AREAS } from '../../../config/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Contracts and amendments (spec 2); delivered by a later issue. */
export function ContractsPage() {
  return <AreaPlaceholder title={AREAS.contracts.title} icon={AREAS.contracts.icon} />;
}
