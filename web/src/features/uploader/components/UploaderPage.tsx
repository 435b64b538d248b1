import { AREAS } from '../../../config/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Bulk uploader (spec 3; admins only); delivered by a later issue. */
export function UploaderPage() {
  return <AreaPlaceholder title={AREAS.uploader.title} icon={AREAS.uploader.icon} />;
}
