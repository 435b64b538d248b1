import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@eb/shared/messages';
import { businessEntityQuery } from '../../../entities/business-entity/api';
import { ApiError } from '../../../lib/api-client';
import { BusinessEntityForm } from '../../../entities/business-entity/BusinessEntityForm';
import { BUSINESS_ENTITY_TEXTS } from '../../../entities/business-entity/business-entity-texts';
import '../../../components/list-page.css';
import { Popup } from '../../../components/Popup';

/** What the popup edits: a new entity, or the entity with this objectId. */
export type BusinessEntityDialogTarget = { mode: 'create' } | { mode: 'edit'; id: number };

/**
 * The popup of Business Entity Management (spec 3): titled 'Add New Business Entity' or 'Edit
 * Business Entity', with the shared form and Save and Cancel. An edit starts from the stored
 * entity (loaded fresh when the popup opens). Closes itself after a successful save.
 */
export function BusinessEntityDialog({ target, onClose }: { target: BusinessEntityDialogTarget | null; onClose: () => void }) {
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const entity = useQuery({ ...businessEntityQuery(editId ?? 0), enabled: editId !== undefined });
  return (
    <Popup
      visible={target !== null}
      onClose={onClose}
      header={target?.mode === 'edit' ? BUSINESS_ENTITY_TEXTS.editTitle : BUSINESS_ENTITY_TEXTS.addNew}
      className="eb-be-dialog"
      style={{ width: 'min(44rem, 96vw)' }}
      focusOnShow={false}
      blockScroll
    >
      {target === null ? null : target.mode === 'create' ? (
        <BusinessEntityForm key="create" onSaved={onClose} onCancel={onClose} />
      ) : entity.data ? (
        <BusinessEntityForm
          key={`edit-${entity.data.objectId}-${entity.data.version}`}
          entity={entity.data}
          onSaved={onClose}
          onCancel={onClose}
          onReload={() => void entity.refetch()}
        />
      ) : entity.isError ? (
        <Message
          severity="error"
          text={entity.error instanceof ApiError ? entity.error.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong}
        />
      ) : (
        <div className="eb-popup__loading eb-be-dialog__loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-label={BUSINESS_ENTITY_TEXTS.loading} />
        </div>
      )}
    </Popup>
  );
}
