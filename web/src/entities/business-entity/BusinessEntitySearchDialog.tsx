import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RadioButton } from 'primereact/radiobutton';
import { BUSINESS_ENTITY_DEFAULT_SORT } from '@eb/shared/business-entity/list-keys';
import type { BusinessEntity } from '@eb/shared/business-entity/schemas';
import { BUSINESS_ENTITY_DEBOUNCE_MS, BUSINESS_ENTITY_PAGE_SIZE } from '@eb/shared/constants';
import { mayAccess } from '@eb/shared/roles';
import { businessEntityListQuery } from './api';
import { referenceItems, referencesQuery } from '../reference/references';
import { currentUserQuery } from '../users/session';
import { BusinessEntityForm } from './BusinessEntityForm';
import { BUSINESS_ENTITY_COLUMNS, BUSINESS_ENTITY_TEXTS } from './business-entity-texts';
import type { GridColumn } from '../../components/DataGrid';
import { SearchPopup, type SearchDialogProps } from '../../components/SearchPopup';
import './business-entity.css';

/** Its texts default to 'Business Entity Search', 'Add New Business Entity' and 'Save and Add to Amendment'. */
export interface BusinessEntitySearchDialogProps extends SearchDialogProps<BusinessEntity> {
  /** Default 'Add to Amendment'. */
  addLabel?: string;
  /** Offer only active entities (default true). */
  activeOnly?: boolean;
}

/**
 * The Business Entity search popup (spec 2 "Business Entity search popup"), for the amendment's
 * Business Entity block: a keyword search (loading debounced by 100 ms), a grid of Business Entity
 * Id, Legal Name, Company Type and Business Entity Type, 15 a page by id ascending, single
 * selection (a click on the row or its radio button), and the buttons Add to Amendment (enabled
 * with a selection), Add New Business Entity and Cancel. Add New switches to the create form
 * (Business Entity ID reserved by the server, Legal Name, Company Type, Business Entity Type) whose
 * 'Save and Add to Amendment' creates the entity and chooses it. Texts are props with the spec's
 * defaults. A `SearchPopup` declared by the entity; it calls the API itself (`./api.ts`).
 */
export function BusinessEntitySearchDialog(props: BusinessEntitySearchDialogProps) {
  const [selected, setSelected] = useState<BusinessEntity | null>(null);
  const uid = useId();
  const me = useQuery(currentUserQuery()).data;
  const canCreate = props.canCreate ?? mayAccess('editor', me?.userType);
  const references = useQuery(referencesQuery());
  const nameOf = (itemType: string, code: string | null) =>
    code === null ? '' : (referenceItems(references.data, itemType).find((o) => o.code === code)?.name ?? '');
  const choose = (entity: BusinessEntity) => {
    props.onSelect(entity);
    props.onHide();
  };
  const isSelected = (row: BusinessEntity) => selected?.objectId === row.objectId;
  const columns: GridColumn<BusinessEntity>[] = [
    {
      field: 'select',
      header: <span className="eb-sr-only">{BUSINESS_ENTITY_TEXTS.selected}</span>,
      width: '3rem',
      minWidth: 48,
      resizable: false,
      align: 'center',
      body: (row) => (
        <RadioButton
          inputId={`${uid}-pick-${row.objectId}`}
          name={`${uid}-pick`}
          value={row.objectId}
          checked={isSelected(row)}
          onChange={() => setSelected(row)}
          aria-label={BUSINESS_ENTITY_TEXTS.selectRow(row.legalName)}
        />
      ),
    },
    { field: 'businessEntityId', header: BUSINESS_ENTITY_COLUMNS.popupBusinessEntityId, sortable: true, width: '11rem' },
    { field: 'legalName', header: BUSINESS_ENTITY_COLUMNS.legalName, sortable: true },
    { field: 'companyType', header: BUSINESS_ENTITY_COLUMNS.companyType, body: (r) => nameOf('businessEntityCompanyTypes', r.companyType) },
    { field: 'type', header: BUSINESS_ENTITY_COLUMNS.type, body: (r) => nameOf('businessEntityTypes', r.type) },
  ];
  const status = props.activeOnly === false ? undefined : 'active';

  return (
    <SearchPopup
      declaration={{
        className: 'eb-be-search-dialog',
        prefix: 'eb-be-search',
        gridClassName: 'eb-be-grid',
        width: { search: 'min(60rem, 96vw)', create: 'min(44rem, 96vw)' },
        debounceMs: BUSINESS_ENTITY_DEBOUNCE_MS,
        pageSize: BUSINESS_ENTITY_PAGE_SIZE,
        defaultSort: BUSINESS_ENTITY_DEFAULT_SORT,
        listQuery: (params) => businessEntityListQuery({ ...params, status }),
        columns,
        texts: { keywordPlaceholder: BUSINESS_ENTITY_TEXTS.keywordPlaceholder, keywordLabel: BUSINESS_ENTITY_TEXTS.keywordLabel, gridLabel: BUSINESS_ENTITY_TEXTS.gridLabel },
      }}
      visible={props.visible}
      onHide={props.onHide}
      title={{ search: props.title ?? BUSINESS_ENTITY_TEXTS.searchTitle, create: props.addNewLabel ?? BUSINESS_ENTITY_TEXTS.addNew }}
      onOpen={() => setSelected(null)}
      grid={() => ({ rowClassName: (r) => (isSelected(r) ? 'eb-be-row-selected' : undefined), onRowClick: (r) => setSelected(r) })}
      // the buttons stay in view below the grid (the popup's footer), whatever the popup's height
      footerInPopup
      footer={{
        selection: selected && (
          <>
            {BUSINESS_ENTITY_TEXTS.selected}: <strong>{selected.legalName}</strong> ({selected.businessEntityId})
          </>
        ),
        cancelLabel: props.cancelLabel ?? BUSINESS_ENTITY_TEXTS.cancel,
        onCancel: props.onHide,
        addNewLabel: props.addNewLabel ?? BUSINESS_ENTITY_TEXTS.addNew,
        offerAddNew: canCreate,
        confirmLabel: props.addLabel ?? BUSINESS_ENTITY_TEXTS.addToAmendment,
        confirmDisabled: !selected,
        onConfirm: () => selected && choose(selected),
      }}
      createForm={({ back }) => (
        <BusinessEntityForm
          submitLabel={props.saveAndAddLabel ?? BUSINESS_ENTITY_TEXTS.saveAndAddToAmendment}
          cancelLabel={props.backLabel ?? BUSINESS_ENTITY_TEXTS.backToSearch}
          cancelIcon="pi pi-arrow-left"
          onCancel={back}
          onSaved={choose}
        />
      )}
    />
  );
}
