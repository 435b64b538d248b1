import { AREAS } from '../../../app/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Data Administration: territories and agents (spec 1; admins only); delivered by a later issue. */
export function DataAdminPage() {
  return <AreaPlaceholder title={AREAS.dataAdmin.title} icon={AREAS.dataAdmin.icon} />;
}
