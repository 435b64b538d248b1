import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CONTACT_SUB_GRID_PAGE_SIZE,
  COUNTY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SUPPLY_ZONE_MAX_LENGTH,
} from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import {
  ADDRESS_DEFAULT_SORT,
  ADDRESS_FIELDS,
  EMAIL_DEFAULT_SORT,
  EMAIL_FIELDS,
  PHONE_DEFAULT_SORT,
  PHONE_FIELDS,
  SERVICE_ADDRESS_TYPE,
  type ContactAddress,
  type ContactEmail,
  type ContactPhone,
} from '@eb/shared/primarycontact/schemas';
import { ApiError } from '../../../lib/api-client';
import {
  addSubRecord,
  deleteSubRecords,
  subRecordListQuery,
  updateSubRecord,
  useInvalidateContacts,
  type SubRecordKind,
} from '../../../entities/primarycontact/api';
import { useConfirm } from '../../../components/confirm-context';
import { subRecordErrors } from '../../../entities/primarycontact/contact-form';
import { CONTACT_FIELD_LABELS as L, CONTACT_TEXTS } from '../../../entities/primarycontact/contact-texts';
import { orderByParam, type GridPage, type GridSort } from '../../../components/DataGrid';
import { EditableGrid, type EditableColumn, type EditorContext } from '../../../components/EditableGrid';
import { useNotify } from '../../../components/notify-context';
import { digitsOnly, useContactOptions, useZipLookup, type ContactOptions } from '../../../entities/primarycontact/use-contact-options';
import { useEditableRows, type EditableRows } from '../../../components/use-editable-rows';

interface RowOf {
  address: ContactAddress;
  phone: ContactPhone;
  email: ContactEmail;
}
type AnyRow = RowOf[SubRecordKind];

const FIELDS = { address: ADDRESS_FIELDS, phone: PHONE_FIELDS, email: EMAIL_FIELDS } as const;
const DEFAULT_SORTS = { address: ADDRESS_DEFAULT_SORT, phone: PHONE_DEFAULT_SORT, email: EMAIL_DEFAULT_SORT } as const;
const TITLES = { address: CONTACT_TEXTS.addresses, phone: CONTACT_TEXTS.phones, email: CONTACT_TEXTS.emails } as const;
const NO_ROWS: never[] = [];
const DELETE_TITLES = { address: `Delete ${CONTACT_TEXTS.address}`, phone: `Delete ${CONTACT_TEXTS.phone}`, email: `Delete ${CONTACT_TEXTS.email}` } as const;

/** A blank row for Add (objectId 0). */
function emptyRow<K extends SubRecordKind>(kind: K, contactId: number): RowOf[K] {
  const meta = { objectId: 0, version: 0, primaryContact: { objectId: contactId } };
  const blank: Record<SubRecordKind, object> = {
    address: { addressType: null, addressLine: '', county: null, city: '', state: null, zipCode: null, zipAppendix: null, supplyZone: null },
    phone: { phoneNumber: '', type: null },
    email: { emailAddress: '', type: null },
  };
  return { ...blank[kind], ...meta } as unknown as RowOf[K];
}

/** The record's own fields (what Add and Update send). */
function fieldsOf<K extends SubRecordKind>(kind: K, row: RowOf[K]): Parameters<typeof addSubRecord<K>>[2] {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS[kind]) out[f] = (row as unknown as Record<string, unknown>)[f] ?? null;
  return out as Parameters<typeof addSubRecord<K>>[2];
}

/** What is wrong with a pending row, as far as it was typed: format errors, and the Service rule. */
function visibleErrors(kind: SubRecordKind, row: AnyRow): string[] {
  const errors = subRecordErrors(kind, fieldsOf(kind, row));
  const values = row as unknown as Record<string, unknown>;
  const service = kind === 'address' && values.addressType === SERVICE_ADDRESS_TYPE;
  return Object.entries(errors)
    .filter(([field]) => {
      const v = values[field];
      return (v !== null && v !== undefined && String(v).trim() !== '') || (service && (field === 'county' || field === 'zipCode'));
    })
    .map(([field, message]) => `${L[field as keyof typeof L] ?? field}: ${message}`);
}

const digitsEditor = (max: number, onTyped?: (value: string) => void) =>
  function DigitsEditor(ctx: EditorContext<AnyRow>) {
    return (
      <InputText
        id={ctx.id}
        value={ctx.value === null || ctx.value === undefined ? '' : String(ctx.value)}
        onChange={(e) => {
          const v = digitsOnly(e.target.value).slice(0, max);
          ctx.onChange(v);
          onTyped?.(v);
        }}
        placeholder={ctx.placeholder}
        aria-label={ctx.ariaLabel}
        inputMode="numeric"
        autoComplete="off"
        className="p-inputtext-sm eb-grid-editor eb-grid-editor-text"
      />
    );
  };

function columnsOf(kind: SubRecordKind, options: ContactOptions, onZip: (zip: string) => void): EditableColumn<AnyRow>[] {
  type C = EditableColumn<AnyRow>;
  const col = (c: Omit<C, 'field'> & { field: string }): C => c as C;
  if (kind === 'address') {
    return [
      col({ field: 'addressType', header: L.addressType, required: true, sortable: true, width: 130, editor: { type: 'select', options: options.addressTypes } }),
      col({ field: 'addressLine', header: L.addressLine, required: true, sortable: true, maxLength: ADDRESS_LINE_MAX_LENGTH, width: 220 }),
      col({ field: 'zipCode', header: L.zipCode, sortable: true, width: 100, editor: digitsEditor(5, onZip) }),
      col({ field: 'zipAppendix', header: L.zipAppendix, width: 80, editor: digitsEditor(4) }),
      col({ field: 'city', header: L.city, required: true, sortable: true, maxLength: CITY_MAX_LENGTH, width: 150 }),
      col({ field: 'state', header: L.state, required: true, sortable: true, width: 100, editor: { type: 'select', options: options.states, pattern: /[A-Za-z]/ } }),
      col({ field: 'county', header: L.county, sortable: true, maxLength: COUNTY_MAX_LENGTH, width: 130 }),
      col({ field: 'supplyZone', header: L.supplyZone, maxLength: SUPPLY_ZONE_MAX_LENGTH, width: 120 }),
    ];
  }
  if (kind === 'phone') {
    return [
      col({ field: 'phoneNumber', header: L.phoneNumber, required: true, sortable: true, width: 200, editor: digitsEditor(PHONE_MAX_LENGTH) }),
      col({ field: 'type', header: L.type, required: true, sortable: true, width: 160, editor: { type: 'select', options: options.phoneTypes } }),
    ];
  }
  return [
    col({ field: 'emailAddress', header: L.emailAddress, required: true, sortable: true, maxLength: EMAIL_MAX_LENGTH, width: 320 }),
    col({ field: 'type', header: L.type, required: true, sortable: true, width: 160, editor: { type: 'select', options: options.emailTypes } }),
  ];
}

/**
 * One editable sub-grid of the contact edit popup (spec 2 "Primary contact sub-rows", section 4
 * "Sub-grids"): addresses, phones or emails of one contact, 5 a page sorted by address line, phone
 * number or email address. Add inserts one blank row on top (the button becomes Save), a click
 * edits a row; one new or edited row at a time; Esc restores, X removes the new row; Save is
 * enabled when the row is valid and creates or updates it ('All changes saved'). Delete asks
 * 'Are you sure you want to delete this item? Anywhere this item has been selected will be
 * affected.' first. Typing a 5-digit zip fills state, city and county.
 */
export function ContactSubGrid({ kind, contactId, canEdit = true }: { kind: SubRecordKind; contactId: number; canEdit?: boolean }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const invalidate = useInvalidateContacts();
  const options = useContactOptions();
  const lookupZip = useZipLookup();
  const [page, setPage] = useState<GridPage>({ first: 0, rows: CONTACT_SUB_GRID_PAGE_SIZE });
  const [sort, setSort] = useState<GridSort>({ ...DEFAULT_SORTS[kind] });
  const list = useQuery(subRecordListQuery(kind, contactId, { skip: page.first, limit: page.rows, orderBy: orderByParam(sort) }));
  const [deleting, setDeleting] = useState(false);

  const editable: EditableRows<AnyRow> = useEditableRows<AnyRow>({
    rows: (list.data?.data as AnyRow[] | undefined) ?? NO_ROWS,
    emptyRow: () => emptyRow(kind, contactId),
    isValid: (row) => Object.keys(subRecordErrors(kind, fieldsOf(kind, row))).length === 0,
    onCreate: (row) => addSubRecord(kind, contactId, fieldsOf(kind, row)),
    onUpdate: (row, original) => updateSubRecord(kind, row.objectId, fieldsOf(kind, row), original.version),
    onSaved: () => {
      notify.success(MSG.allChangesSavedShort);
      void invalidate();
    },
    onError: (error) => {
      // a stale row (409): the client showed the message; reload so that Esc shows the stored row
      if (error instanceof ApiError && error.status === 409) void invalidate();
    },
    canEdit,
  });
  const latest = useRef(editable);
  latest.current = editable;

  const onZip = (zip: string) => {
    if (zip.length !== 5) return;
    void lookupZip(zip).then((found) => {
      const draft = latest.current.draft as ContactAddress | null;
      if (!found || !draft || draft.zipCode !== zip) return;
      latest.current.update({ state: found.state, city: found.city, county: found.county } as Partial<AnyRow>);
    });
  };

  const remove = async (row: AnyRow) => {
    if (!(await confirm({ message: MSG.primaryContactDeleteConfirm, header: DELETE_TITLES[kind], danger: true }))) return;
    setDeleting(true);
    try {
      await deleteSubRecords(kind, [{ objectId: row.objectId, version: row.version }]);
      notify.success(MSG.allChangesSavedShort);
      // a page left empty by the delete shows the previous one
      if (page.first > 0 && page.first >= (list.data?.totalCount ?? 1) - 1) setPage((p) => ({ ...p, first: Math.max(0, p.first - p.rows) }));
    } catch {
      // the API client notified the failure
    } finally {
      setDeleting(false);
      void invalidate();
    }
  };

  const columns = useMemo(() => {
    const cols = columnsOf(kind, options, onZip);
    if (!canEdit) return cols;
    const label = (row: AnyRow) =>
      kind === 'address' ? (row as ContactAddress).addressLine : kind === 'phone' ? (row as ContactPhone).phoneNumber : (row as ContactEmail).emailAddress;
    return [
      ...cols,
      {
        field: 'objectId',
        header: CONTACT_TEXTS.deleteHeader,
        editor: false,
        width: 80,
        minWidth: 64,
        align: 'center',
        body: (row: AnyRow) =>
          row.objectId > 0 ? (
            <Button
              type="button"
              icon="pi pi-trash"
              rounded
              text
              severity="danger"
              aria-label={`${CONTACT_TEXTS.deleteRow} ${label(row)}`}
              disabled={latest.current.pending !== null || deleting}
              onClick={(e) => {
                e.stopPropagation();
                void remove(row);
              }}
            />
          ) : null,
      } as EditableColumn<AnyRow>,
    ];
  }, [kind, options, canEdit, deleting, page, list.data]); // onZip and remove read refs and state set above

  const problems = editable.draft ? visibleErrors(kind, editable.draft) : [];

  return (
    <section className={`eb-contact-subgrid eb-contact-subgrid--${kind}`} aria-label={TITLES[kind]}>
      <EditableGrid<AnyRow>
        ariaLabel={TITLES[kind]}
        dataKey="objectId"
        editable={editable}
        columns={columns}
        toolbar={
          <h3 className="eb-contact-subgrid__title">
            {TITLES[kind]} <span className="eb-contact-records__count">({list.data?.totalCount ?? 0})</span>
          </h3>
        }
        rowLabel={(r) => (r.objectId === 0 ? `the new ${kind}` : `${kind} ${r.objectId}`)}
        lazy
        loading={list.isFetching && !list.data}
        totalRecords={list.data?.totalCount ?? 0}
        first={page.first}
        rows={page.rows}
        rowsPerPageOptions={[CONTACT_SUB_GRID_PAGE_SIZE]}
        paginator={(list.data?.totalCount ?? 0) > CONTACT_SUB_GRID_PAGE_SIZE}
        onPage={setPage}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, first: 0 }));
        }}
        emptyMessage={CONTACT_TEXTS.none}
        className="eb-contact-subgrid__grid"
      />
      {problems.length > 0 && (
        <ul className="eb-contact-subgrid__problems" aria-live="polite">
          {problems.map((p) => (
            <li key={p} className="p-error">
              {p}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
