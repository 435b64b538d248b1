import { AREAS } from '../../../config/areas';
import { AreaPlaceholder } from '../../../components/AreaPlaceholder';

/** Accounts (spec 2); delivered by a later issue. */
export function AccountsPage() {
  return <AreaPlaceholder title={AREAS.accounts.title} icon={AREAS.accounts.icon} />;
}
