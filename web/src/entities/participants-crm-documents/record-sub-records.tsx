import { useMemo } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTRACT_SUB_GRID_PAGE_SIZE, CRM_COMMENT_MAX_LENGTH, EMAIL_MAX_LENGTH, IDENTIFIER_MAX_LENGTH, PARTICIPANT_ZIP_MAX_LENGTH, PHONE_MAX_LENGTH } from '@eb/shared/constants';
import type { AnyChildKind } from '@eb/shared/child-records';
import { participantFromContact } from '@eb/shared/participants-crm-documents';
import type { AmendmentCrm, AmendmentParticipant } from '@eb/shared/amendment/children';
import { CRM_LABELS, PARTICIPANT_LABELS } from '@eb/shared/amendment/labels';
import { toTransferDate } from '@eb/shared/formats';
import { MSG } from '@eb/shared/messages';
import { formatDisplayDate } from '@eb/shared/formats';
import { childRecordCalls } from '../../lib/child-records';
import type { KeyPrefix } from '../../lib/queries';
import type { EditableColumn } from '../../components/EditableGrid';
import { digitsEditor } from '../../components/grid-editors';
import { checkboxEditor, dateEditor } from '../../components/grid-date-editors';
import type { SubRecordSpec, SubRecordTexts } from '../../components/SubRecordGrid';
import { zodErrors } from '../../components/use-form';
import type { ContactSelection } from '../contact/ContactSearchDialog';
import { useZipLookup } from '../contact/use-contact-options';
import { codeOptions, useReferenceSets } from '../reference/reference-options';
import { CONTRACT_SUB_GRID_TEXTS as T } from '../amendment/amendment-texts';

/**
 * A record's (an amendment's, an account's) participants and CRM notes as sub-grid specs (spec 2 "Contract participants
 * grid", "Contract CRM grid", section 4 "Sub-grids" and "CRM resolved", section 5 "Participant
 * row", "CRM row"), rendered by the generic SubRecordGrid. A participant row is filled from the
 * contact chosen in the Contact Search popup and completed inline; typing a 5-digit zip fills
 * state and city. A CRM note's Resolved box records who and when (the server keeps them); on a
 * saved note it saves at once.
 */
/** A record's participant row and CRM note (the same shapes under an amendment or an account). */
type ParticipantRow = AmendmentParticipant;
type CrmRow = AmendmentCrm;

const textsOf = (kind: 'participant' | 'crm'): SubRecordTexts => ({
  title: T[kind].title,
  newRow: `the new ${T[kind].noun}`,
  rowLabel: (row) => `${T[kind].noun} ${row.objectId}`,
  none: T.none,
  deleteHeader: T.delete,
  deleteRow: T.delete,
  deleteTitle: T[kind].deleteTitle,
  deleteConfirm: MSG.participantDeleteConfirm,
  saved: MSG.allChangesSavedShort,
});

const refOf = (parentRef: string, parentId: number) => ({ objectId: 0, version: 0, [parentRef]: { objectId: parentId } });

/** A new participant row from the contact chosen in the Contact Search popup (completed before Save). */
export function participantRow(parentRef: string, parentId: number, chosen: ContactSelection): ParticipantRow {
  const fields = participantFromContact({
    primaryContact: { ...chosen.contact, objectId: chosen.contact.objectId },
    addresses: [chosen.address],
    phones: [chosen.phone],
    emails: chosen.email ? [chosen.email] : [],
  });
  return { ...refOf(parentRef, parentId), ...fields } as unknown as ParticipantRow;
}

export interface ContractSubRecordSpecs {
  participant: SubRecordSpec<ParticipantRow>;
  crm: SubRecordSpec<CrmRow>;
}

/** What a record's grids need: its kinds, the reference set of its CRM types, and what a change reloads. */
export interface RecordChildrenConfig {
  kinds: { participants: AnyChildKind; crms: AnyChildKind };
  crmTypes: string;
  participantKeys: readonly KeyPrefix[];
  crmKeys: readonly KeyPrefix[];
}

export function useRecordSubRecordSpecs(config: RecordChildrenConfig, me: { firstName: string; lastName: string }): ContractSubRecordSpecs {
  const parentRef: string = config.kinds.participants.parent.ref;
  const sets = useReferenceSets();
  const lookupZip = useZipLookup();
  const myName = `${me.firstName} ${me.lastName}`;
  return useMemo(() => {
    const roles = codeOptions(sets, 'primaryContactRoles');
    const states = codeOptions(sets, 'states', 'code');
    const crmTypes = codeOptions(sets, config.crmTypes);
    const participant: SubRecordSpec<ParticipantRow> = {
      kind: 'participant',
      columns: (editing) => {
        const onZip = (zip: string) => {
          if (zip.length !== PARTICIPANT_ZIP_MAX_LENGTH) return;
          void lookupZip(zip).then((found) => {
            const draft = editing.draft();
            if (!found || !draft || draft.zip !== zip) return;
            editing.update({ state: found.state, city: found.city });
          });
        };
        const cols: EditableColumn<ParticipantRow>[] = [
          { field: 'contactId', header: PARTICIPANT_LABELS.contactId, editor: false, sortable: true, width: 100 },
          { field: 'role', header: PARTICIPANT_LABELS.role, sortable: true, width: 150, editor: { type: 'select', options: roles } },
          { field: 'firstName', header: PARTICIPANT_LABELS.firstName, required: true, sortable: true, maxLength: CONTACT_NAME_MAX_LENGTH, width: 130 },
          { field: 'lastName', header: PARTICIPANT_LABELS.lastName, required: true, sortable: true, maxLength: CONTACT_NAME_MAX_LENGTH, width: 130 },
          { field: 'address', header: PARTICIPANT_LABELS.address, required: true, sortable: true, maxLength: ADDRESS_LINE_MAX_LENGTH, width: 200 },
          { field: 'city', header: PARTICIPANT_LABELS.city, required: true, sortable: true, maxLength: CITY_MAX_LENGTH, width: 130 },
          { field: 'zip', header: PARTICIPANT_LABELS.zip, required: true, sortable: true, width: 90, editor: digitsEditor<ParticipantRow>(PARTICIPANT_ZIP_MAX_LENGTH, onZip) },
          { field: 'state', header: PARTICIPANT_LABELS.state, required: true, sortable: true, width: 90, editor: { type: 'select', options: states, pattern: /[A-Za-z]/ } },
          { field: 'email', header: PARTICIPANT_LABELS.email, sortable: true, maxLength: EMAIL_MAX_LENGTH, width: 200 },
          { field: 'phoneNumber', header: PARTICIPANT_LABELS.phoneNumber, required: true, sortable: true, width: 130, editor: digitsEditor<ParticipantRow>(PHONE_MAX_LENGTH) },
          { field: 'identifier', header: PARTICIPANT_LABELS.identifier, sortable: true, maxLength: IDENTIFIER_MAX_LENGTH, width: 120 },
        ];
        return cols;
      },
      emptyRow: (parentId) => ({ ...refOf(parentRef, parentId), contactId: 0 }) as unknown as ParticipantRow,
      errors: (row) => zodErrors(config.kinds.participants.fieldsSchema, row) as Record<string, string>,
      requiredNow: () => ['firstName', 'lastName', 'address', 'city', 'zip', 'state', 'phoneNumber'],
      fieldLabels: PARTICIPANT_LABELS,
      rowText: (row) => [row.firstName, row.lastName].filter(Boolean).join(' '),
      defaultSort: { ...config.kinds.participants.defaultSort },
      pageSize: CONTRACT_SUB_GRID_PAGE_SIZE,
      texts: textsOf('participant'),
      calls: childRecordCalls<ParticipantRow>(config.kinds.participants, config.participantKeys),
    };
    const crm: SubRecordSpec<CrmRow> = {
      kind: 'crm',
      columns: (editing) => {
        /** Ticking records the user and today (shown at once; the server records its own), unticking clears them. */
        const resolvedPatch = (checked: boolean): Partial<CrmRow> =>
          checked ? { isResolved: true, resolvedBy: myName, resolvedDate: toTransferDate(new Date()) } : { isResolved: false, resolvedBy: null, resolvedDate: null };
        const cols: EditableColumn<CrmRow>[] = [
          { field: 'crmType', header: CRM_LABELS.crmType, required: true, sortable: true, width: 150, editor: { type: 'select', options: crmTypes } },
          { field: 'date', header: CRM_LABELS.date, required: true, sortable: true, width: 150, editor: dateEditor<CrmRow>(), body: (r) => formatDisplayDate(r.date) },
          { field: 'comment', header: CRM_LABELS.comment, required: true, sortable: true, maxLength: CRM_COMMENT_MAX_LENGTH, counter: true, width: 280 },
          { field: 'reportedBy', header: CRM_LABELS.reportedBy, editor: false, sortable: true, width: 140 },
          { field: 'updatedDate', header: CRM_LABELS.updatedDate, editor: false, sortable: true, width: 120, body: (r) => formatDisplayDate(r.updatedDate) },
          {
            field: 'isResolved',
            header: CRM_LABELS.isResolved,
            sortable: true,
            width: 90,
            align: 'center',
            editor: checkboxEditor<CrmRow>((checked) => editing.update(resolvedPatch(checked))),
            // a saved note not being edited: ticking saves at once
            body: (r) => (
              <Checkbox
                checked={r.isResolved === true}
                disabled={!editing.canEdit || r.objectId <= 0}
                aria-label={`${CRM_LABELS.isResolved}: ${T.crm.noun} ${r.objectId}`}
                onClick={(e) => e.stopPropagation()}
                onChange={(e) => void editing.saveNow({ ...r, ...resolvedPatch(e.checked === true) }, r)}
              />
            ),
          },
          { field: 'resolvedBy', header: CRM_LABELS.resolvedBy, editor: false, sortable: true, width: 140 },
          { field: 'resolvedDate', header: CRM_LABELS.resolvedDate, editor: false, sortable: true, width: 120, body: (r) => formatDisplayDate(r.resolvedDate) },
        ];
        return cols;
      },
      emptyRow: (parentId) =>
        ({ ...refOf(parentRef, parentId), crmType: null, comment: '', date: toTransferDate(new Date()).slice(0, 10) + 'T00:00:00', reportedBy: null, updatedDate: null, isResolved: false, resolvedBy: null, resolvedDate: null }) as unknown as CrmRow,
      errors: (row) => zodErrors(config.kinds.crms.fieldsSchema, row) as Record<string, string>,
      requiredNow: () => ['crmType', 'comment', 'date'],
      fieldLabels: CRM_LABELS,
      rowText: (row) => String(row.comment ?? ''),
      defaultSort: { ...config.kinds.crms.defaultSort },
      pageSize: CONTRACT_SUB_GRID_PAGE_SIZE,
      texts: textsOf('crm'),
      calls: childRecordCalls<CrmRow>(config.kinds.crms, config.crmKeys),
    };
    return { participant, crm };
  }, [sets, lookupZip, myName, config, parentRef]);
}
