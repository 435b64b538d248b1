import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@eb/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { contactChangeLogQuery, contactQuery } from '../../../entities/contact/api';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { Popup } from '../../../components/Popup';
import { SubRecordGrid } from '../../../components/SubRecordGrid';
import { ContactForm } from '../../../entities/contact/ContactForm';
import { useContactSubRecordSpecs } from '../../../entities/contact/contact-sub-records';
import { CONTACT_FIELD_LABELS, CONTACT_TEXTS } from '../../../entities/contact/contact-texts';
import '../../../components/list-page.css';

/** What a popup shows: a new contact, or the contact with this id. */
export type ContactDialogTarget = { mode: 'create' } | { mode: 'edit'; id: number };

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
  const contact = useQuery({ ...contactQuery(editId ?? 0), enabled: editId !== undefined });
  const log = useQuery({ ...contactChangeLogQuery(editId ?? null), enabled: editId !== undefined });
  const specs = useContactSubRecordSpecs();
  const edit = target?.mode === 'edit';
  return (
    <Popup
      visible={target !== null}
      onClose={onClose}
      header={edit ? CONTACT_TEXTS.editTitle : CONTACT_TEXTS.addNew}
      className="eb-contact-dialog"
      style={{ width: edit ? 'min(76rem, 96vw)' : 'min(58rem, 96vw)' }}
      focusOnShow={false}
      blockScroll
    >
      {(close) => target === null ? null : target.mode === 'create' ? (
        <ContactForm key="create" onSaved={onClose} onCancel={onClose} />
      ) : contact.data ? (
        <ContactForm
          key={`edit-${contact.data.objectId}-${contact.data.version}`}
          contact={contact.data}
          onSaved={onClose}
          onCancel={() => void close()}
          onReload={() => void contact.refetch()}
          autoFocus={false}
        >
          <div className="eb-contact-dialog__subgrids">
            <SubRecordGrid spec={specs.address} parentId={contact.data.objectId} />
            <div className="eb-contact-dialog__pair">
              <SubRecordGrid spec={specs.phone} parentId={contact.data.objectId} />
              <SubRecordGrid spec={specs.email} parentId={contact.data.objectId} />
            </div>
          </div>
          <ChangeLogPanel entries={log.data} loading={log.isFetching} fieldLabels={CONTACT_FIELD_LABELS} className="eb-contact-dialog__changelog" />
        </ContactForm>
      ) : contact.isError ? (
        <Message severity="error" text={contact.error instanceof ApiError ? contact.error.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong} />
      ) : (
        <div className="eb-popup__loading eb-contact-dialog__loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-label={CONTACT_TEXTS.loading} />
        </div>
      )}
    </Popup>
  );
}
