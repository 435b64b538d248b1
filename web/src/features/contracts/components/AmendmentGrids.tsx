import { Suspense, lazy, useState } from 'react';
import { Button } from 'primereact/button';
import { ENTITY_DETAIL_LIMIT } from '@eb/shared/constants';
import type { ContractCrm, ContractParticipant } from '@eb/shared/contract/children';
import { exportCrms } from '../../../entities/contract/api';
import { participantRow, useContractSubRecordSpecs } from '../../../entities/contract/contract-sub-records';
import { CONTRACT_SUB_GRID_TEXTS as T } from '../../../entities/contract/contract-texts';
import { useSignedInUser } from '../../../entities/users/session';
import { saveFile } from '../../../lib/download';
import { SubRecordGrid } from '../../../components/SubRecordGrid';

const ContactSearchDialog = lazy(() => import('../../../entities/primarycontact/ContactSearchDialog').then((m) => ({ default: m.ContactSearchDialog })));

/**
 * The Participants section of a saved amendment: Add opens the Contact Search popup and inserts the
 * chosen contact as a new row to complete and Save; a contact already on the amendment is refused
 * by the server ('This participant has already been added', shown as an error).
 */
export function ParticipantsSection({ amendmentId, editor }: { amendmentId: number; editor: boolean }) {
  const specs = useContractSubRecordSpecs(useSignedInUser());
  const [picking, setPicking] = useState<((row: ContractParticipant) => void) | null>(null);
  return (
    <>
      <SubRecordGrid spec={specs.participant} parentId={amendmentId} canEdit={editor} onAdd={(insert) => setPicking(() => insert)} />
      {picking && (
        <Suspense fallback={null}>
          <ContactSearchDialog
            visible
            confirmLabel={T.addParticipant}
            saveAndAddLabel={T.saveAndAddParticipant}
            onHide={() => setPicking(null)}
            onSelect={(chosen) => {
              picking(participantRow(amendmentId, chosen));
              setPicking(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The CRM notes section of a saved amendment: Add or Save, Resolved saved at once on a saved note,
 * and Download of the selected notes (at most the details limit) or of all when none is selected
 * (staff only).
 */
export function CrmSection({ amendmentId, editor, staff }: { amendmentId: number; editor: boolean; staff: boolean }) {
  const specs = useContractSubRecordSpecs(useSignedInUser());
  const [selection, setSelection] = useState<ContractCrm[]>([]);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await exportCrms(amendmentId, selection.map((r) => r.objectId)));
    } catch {
      // the API client notified the failure
    } finally {
      setDownloading(false);
    }
  };
  return (
    <SubRecordGrid
      spec={specs.crm}
      parentId={amendmentId}
      canEdit={editor}
      selection={staff ? selection : undefined}
      onSelectionChange={staff ? setSelection : undefined}
      selectionMax={staff ? ENTITY_DETAIL_LIMIT : undefined}
      actions={
        staff && (
          <Button
            type="button"
            label={T.download}
            icon="pi pi-download"
            size="small"
            outlined
            loading={downloading}
            aria-label={selection.length ? T.downloadSelected(selection.length) : T.downloadAll}
            onClick={() => void download()}
          />
        )
      }
    />
  );
}
