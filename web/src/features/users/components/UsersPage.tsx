import { AREAS } from '../../../app/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** User Administration (spec 1; admins only); delivered by a later issue. */
export function UsersPage() {
  return <AreaPlaceholder title={AREAS.users.title} icon={AREAS.users.icon} />;
}
