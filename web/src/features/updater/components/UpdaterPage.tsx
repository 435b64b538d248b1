import { AREAS } from '../../../config/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Updater for bulk changes (spec 3; admins only); delivered by a later issue. */
export function UpdaterPage() {
  return <AreaPlaceholder title={AREAS.updater.title} icon={AREAS.updater.icon} />;
}
