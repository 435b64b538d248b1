import { useQuery } from '@tanstack/react-query';
import { contactChangeLogQuery, contactQuery } from '../../../entities/contact/api';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { RecordFormPopup, type RecordFormTarget } from '../../../components/RecordForm';
import { SubRecordGrid } from '../../../components/SubRecordGrid';
import { ContactForm } from '../../../entities/contact/ContactForm';
import { useContactSubRecordSpecs } from '../../../entities/contact/contact-sub-records';
import { CONTACT_FIELD_LABELS, CONTACT_TEXTS } from '../../../entities/contact/contact-texts';

/** What a popup shows: a new contact, or the contact with this id. */
export type ContactDialogTarget = RecordFormTarget;

interface ContactDialogProps {
  target: ContactDialogTarget | null;
  onClose: () => void;
}

/**
 * The popups of Contact Entity Management (spec 3): 'Add New Contact Entity' with the contact
 * creation form (contact, first address, phone, optional email), and 'Edit Contact Entity' with the
 * contact's own fields plus its editable address, phone and email sub-grids and its change log.
 * An edit starts from the stored contact (loaded fresh when the popup opens). A saved form closes
 * its popup; sub-grid rows are saved one by one as they are edited, and an unsaved row is saved by
 * the footer Save with the rest, or dropped only after Yes/No when the popup closes.
 */
export function ContactDialog({ target, onClose }: ContactDialogProps) {
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const log = useQuery({ ...contactChangeLogQuery(editId ?? null), enabled: editId !== undefined });
  const specs = useContactSubRecordSpecs();
  return (
    <RecordFormPopup
      target={target}
      onClose={onClose}
      recordQuery={contactQuery}
      texts={CONTACT_TEXTS}
      className="eb-contact-dialog"
      style={(mode) => ({ width: mode === 'edit' ? 'min(76rem, 96vw)' : 'min(58rem, 96vw)' })}
    >
      {({ record, formKey, requestClose, reload }) =>
        !record ? (
          <ContactForm key={formKey} onSaved={onClose} onCancel={onClose} />
        ) : (
          <ContactForm key={formKey} contact={record} onSaved={onClose} onCancel={() => void requestClose()} onReload={reload} autoFocus={false}>
            <div className="eb-contact-dialog__subgrids">
              <SubRecordGrid spec={specs.address} parentId={record.objectId} />
              <div className="eb-contact-dialog__pair">
                <SubRecordGrid spec={specs.phone} parentId={record.objectId} />
                <SubRecordGrid spec={specs.email} parentId={record.objectId} />
              </div>
            </div>
            <ChangeLogPanel entries={log.data} loading={log.isFetching} fieldLabels={CONTACT_FIELD_LABELS} className="eb-contact-dialog__changelog" />
          </ContactForm>
        )
      }
    </RecordFormPopup>
  );
}
