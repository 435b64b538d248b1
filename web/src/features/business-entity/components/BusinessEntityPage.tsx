import { AREAS } from '../../../app/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Business entities (spec 3; hidden from and blocked for agents); delivered by a later issue. */
export function BusinessEntityPage() {
  return <AreaPlaceholder title={AREAS.businessEntity.title} icon={AREAS.businessEntity.icon} />;
}
