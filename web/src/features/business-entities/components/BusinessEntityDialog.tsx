import { businessEntityQuery } from '../../../entities/business-entity/api';
import { BusinessEntityForm } from '../../../entities/business-entity/BusinessEntityForm';
import { BUSINESS_ENTITY_TEXTS } from '../../../entities/business-entity/business-entity-texts';
import { RecordFormPopup, type RecordFormTarget } from '../../../components/RecordForm';

/** What the popup edits: a new entity, or the entity with this objectId. */
export type BusinessEntityDialogTarget = RecordFormTarget;

/**
 * The popup of Business Entity Management (spec 3): titled 'Add New Business Entity' or 'Edit
 * Business Entity', with the shared form and Save and Cancel. An edit starts from the stored
 * entity (loaded fresh when the popup opens). Closes itself after a successful save.
 */
export function BusinessEntityDialog({ target, onClose }: { target: BusinessEntityDialogTarget | null; onClose: () => void }) {
  return (
    <RecordFormPopup target={target} onClose={onClose} recordQuery={businessEntityQuery} texts={BUSINESS_ENTITY_TEXTS} className="eb-be-dialog" style={() => ({ width: 'min(44rem, 96vw)' })}>
      {({ record, formKey, reload }) => <BusinessEntityForm key={formKey} entity={record} onSaved={onClose} onCancel={onClose} onReload={record && reload} />}
    </RecordFormPopup>
  );
}
