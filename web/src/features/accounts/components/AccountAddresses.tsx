import { useAccountAddressSpec } from '../../../entities/account/account-addresses';
import { SubRecordGrid } from '../../../components/SubRecordGrid';

/** The account's Addresses section (loaded after the form). */
export function AccountAddresses({ accountId, editor }: { accountId: number; editor: boolean }) {
  return <SubRecordGrid spec={useAccountAddressSpec()} parentId={accountId} canEdit={editor} />;
}
