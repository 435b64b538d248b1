import { AREAS } from '../../../app/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Contact entities (spec 3; hidden from and blocked for agents); delivered by a later issue. */
export function ContactEntityPage() {
  return <AreaPlaceholder title={AREAS.contactEntity.title} icon={AREAS.contactEntity.icon} />;
}
