import { Suspense, lazy, useState } from 'react';
import { Button } from 'primereact/button';
import { ENTITY_DETAIL_LIMIT } from '@eb/shared/constants';
import type { AmendmentCrm, AmendmentParticipant } from '@eb/shared/amendment/children';
import type { Resource } from '@eb/shared/routes';
import { request } from '../../lib/api-client';
import { useDownload } from '../../components/use-download';
import type { ApiFile } from '../../lib/api-client';
import { SubRecordGrid } from '../../components/SubRecordGrid';
import { CONTRACT_SUB_GRID_TEXTS as T } from '../amendment/amendment-texts';
import { useSignedInUser } from '../users/session';
import { participantRow, useRecordSubRecordSpecs, type RecordChildrenConfig } from './record-sub-records';

const ContactSearchDialog = lazy(() => import('../contact/ContactSearchDialog').then((m) => ({ default: m.ContactSearchDialog })));

/**
 * A record's Participants section (an amendment's, an account's): Add opens the Contact Search popup
 * and inserts the chosen contact as a new row to complete and Save; a contact already on the record
 * is refused by the server ('This participant has already been added', shown as an error).
 */
export function ParticipantsSection({ config, parentId, editor }: { config: RecordChildrenConfig; parentId: number; editor: boolean }) {
  const specs = useRecordSubRecordSpecs(config, useSignedInUser());
  const [picking, setPicking] = useState<((row: AmendmentParticipant) => void) | null>(null);
  return (
    <>
      <SubRecordGrid spec={specs.participant} parentId={parentId} canEdit={editor} onAdd={(insert) => setPicking(() => insert)} />
      {picking && (
        <Suspense fallback={null}>
          <ContactSearchDialog
            visible
            addNewLabel={T.addNewParticipantContact}
            confirmLabel={T.addParticipant}
            saveAndAddLabel={T.saveAndAddParticipant(config.kinds.participants.parent.ref)}
            onHide={() => setPicking(null)}
            onSelect={(chosen) => {
              picking(participantRow(config.kinds.participants.parent.ref, parentId, chosen));
              setPicking(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A record's CRM notes section: Add or Save, Resolved saved at once on a saved note, and Download
 * (ExportCrms) of the selected notes (at most the details limit) or of all when none is selected,
 * for staff.
 */
export function CrmSection({ config, parentId, editor, staff }: { config: RecordChildrenConfig; parentId: number; editor: boolean; staff: boolean }) {
  const specs = useRecordSubRecordSpecs(config, useSignedInUser());
  const [selection, setSelection] = useState<AmendmentCrm[]>([]);
  const { downloading, download: downloadFile } = useDownload();
  const download = () => {
    const objectIds = selection.map((r) => r.objectId);
    const route = { method: 'GET' as const, resource: config.kinds.crms.parent.resource as Resource, action: 'ExportCrms' };
    return downloadFile(async () => (await request(route, { query: { id: parentId, ...(objectIds.length ? { objectIds: objectIds.join(',') } : {}) } })) as ApiFile);
  };
  return (
    <SubRecordGrid
      spec={specs.crm}
      parentId={parentId}
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
