import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { CONTRACT_LIST_COLUMNS } from '@eb/shared/amendment/list-columns';
import { CONTRACT_AMENDMENTS_DEFAULT_SORT } from '@eb/shared/amendment/list-keys';
import { CONTRACT_AMENDMENTS_PAGE_SIZE } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { mayAccess } from '@eb/shared/roles';
import { contractListQuery, generatedMasterContractQuery, masterContractQuery, useSaveMasterContract } from '../../../entities/amendment/api';
import { amendmentGridColumns } from '../../../entities/amendment/amendment-columns';
import { CONTRACT_TEXTS } from '../../../entities/amendment/amendment-texts';
import { referenceNameOf } from '../../../entities/reference/reference-options';
import { referencesQuery } from '../../../entities/reference/references';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { ApiError } from '../../../lib/api-client';
import { DataGrid, orderByParam, type GridSort } from '../../../components/DataGrid';
import { FormField } from '../../../components/FormField';
import { useNotify } from '../../../components/notify-context';
import { DetailTabs, type DetailTabProps } from '../../../components/DetailTabs';
import { useUnsavedForm } from '../../../components/pending-edits';

const DETAIL_COLUMNS = CONTRACT_LIST_COLUMNS.filter((c) => ['amendmentNumber', 'referenceAmendment', 'ticketNo', 'legacyId', 'amendmentStartDate', 'amendmentEndDate', 'status'].includes(c.sortKey));

/**
 * Contract Details (spec 2): /enrollments/contracts/{ids}, ids joined by '+', 0 for a new contract.
 * One tab per contract with a close icon (closing the last returns to the list). A tab holds the
 * Contract ID (generated in advance for a new contract; required for Save), Save and Add Amendment
 * (hidden for agents; Add Amendment only for a saved, valid contract) and the contract's amendments
 * (10 a page, amendment number ascending).
 */
export function ContractDetails({ param }: { param: string }) {
  const me = useSignedInUser();
  return (
    <DetailTabs
      param={param}
      area={AREAS.contracts}
      basePath={AREAS.contracts.path}
      className="eb-contract-details"
      initialName={(id) => (id === 0 ? CONTRACT_TEXTS.newContract : CONTRACT_TEXTS.contractTab(id))}
      recent={{ userId: me.objectId, kind: 'Contract' }}
    >
      {(tab) => <ContractTab {...tab} />}
    </DetailTabs>
  );
}

function ContractTab(props: DetailTabProps) {
  const { objectId, onName, onCreated } = props;
  const me = useSignedInUser();
  const editor = mayAccess('editor', me.userType);
  const notify = useNotify();
  const navigate = useNavigate();
  const isNew = objectId === 0;
  const [nonce] = useState(() => Math.random().toString(36).slice(2));
  const generated = useQuery({ ...generatedMasterContractQuery(nonce), enabled: isNew && editor });
  const stored = useQuery({ ...masterContractQuery(objectId), enabled: !isNew });
  const save = useSaveMasterContract();
  const inputId = useId();

  const savedContractId = stored.data?.contractId ?? null;
  const initial = isNew ? generated.data?.contractId : stored.data?.contractId;
  const [text, setText] = useState<string | null>(null);
  const value = text ?? (initial === undefined ? '' : String(initial));
  const [error, setError] = useState<string | undefined>();
  // a typed Contract ID not saved yet: closing the tab or leaving asks first (DetailTabs)
  useUnsavedForm(text !== null && text !== (initial === undefined ? '' : String(initial)));
  const empty = value.trim() === '';
  const message = empty ? MSG.required : /^\d{1,10}$/.test(value.trim()) ? error : MSG.invalidDataTypeInteger;

  useEffect(() => {
    if (savedContractId !== null) onName(CONTRACT_TEXTS.contractTab(savedContractId));
  }, [savedContractId, onName]);

  const submit = () => {
    if (message) return;
    const contractId = Number(value.trim());
    setError(undefined);
    const input = isNew
      ? { mode: 'create' as const, body: { objectId: generated.data!.objectId, contractId } }
      : { mode: 'edit' as const, id: objectId, body: { contractId, version: stored.data!.version } };
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(MSG.allChangesSavedShort);
        setText(null);
        if (isNew) onCreated(saved.objectId);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fieldErrors?.contractId) setError(e.fieldErrors.contractId);
      },
    });
  };

  const valid = !isNew && stored.data?.contractValid === true && text === null;
  const [sort, setSort] = useState<GridSort>({ ...CONTRACT_AMENDMENTS_DEFAULT_SORT });
  const [first, setFirst] = useState(0);
  const amendments = useQuery({
    ...contractListQuery({
      filter: { contractId: savedContractId ?? undefined, isContractIdExactMatch: true },
      skip: first,
      limit: CONTRACT_AMENDMENTS_PAGE_SIZE,
      orderBy: orderByParam(sort),
    }),
    enabled: savedContractId !== null,
  });
  const references = useQuery(referencesQuery());
  const columns = useMemo(
    () => amendmentGridColumns<AmendmentRow>(DETAIL_COLUMNS, (itemType, code) => referenceNameOf(references.data, itemType, code)),
    [references.data],
  );

  return (
    <div className="eb-contract-tab">
      <div className="eb-contract-tab__form">
        <FormField id={inputId} label={CONTRACT_LIST_COLUMNS[0].label} required={editor} message={text !== null || error ? message : undefined}>
          <InputText
            id={inputId}
            value={value}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            readOnly={!editor}
            inputMode="numeric"
            maxLength={10}
            invalid={(text !== null || !!error) && !!message}
            aria-required={editor ? 'true' : undefined}
          />
        </FormField>
        {editor && (
          <div className="eb-contract-tab__actions">
            <Button label={CONTRACT_TEXTS.save} icon="pi pi-check" disabled={!!message || (isNew && !generated.data) || (!isNew && !stored.data)} loading={save.isPending} onClick={submit} />
            <Button
              label={CONTRACT_TEXTS.addAmendment}
              icon="pi pi-plus"
              outlined
              disabled={!valid}
              onClick={() => navigate(`${AREAS.contracts.path}/amendment/0`, { state: { contract: { objectId } } })}
            />
          </div>
        )}
      </div>
      {!isNew && (
        <>
          <h2 className="eb-contract-tab__title">{CONTRACT_TEXTS.amendments}</h2>
          <DataGrid<AmendmentRow>
            ariaLabel={CONTRACT_TEXTS.amendmentsGrid}
            value={amendments.data?.data ?? []}
            totalRecords={amendments.data?.totalCount ?? 0}
            loading={amendments.isFetching}
            first={first}
            rows={CONTRACT_AMENDMENTS_PAGE_SIZE}
            onPage={(p) => setFirst(p.first)}
            columns={columns}
            dataKey="objectId"
            sort={sort}
            onSort={(s) => {
              setSort(s);
              setFirst(0);
            }}
            onRowClick={(r) => navigate(`${AREAS.contracts.path}/amendment/${r.objectId}`)}
            className="eb-list-grid eb-contract-amendments"
          />
        </>
      )}
    </div>
  );
}
