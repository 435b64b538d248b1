import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Panel } from 'primereact/panel';
import { dateOrderIssues } from '@eb/shared/date-order';
import { AMENDMENT_DATE_ORDER, AMENDMENT_REQUIRED_FIELDS, UNIT_FOLLOWERS, amendmentFieldsSchema, followUnit, type Amendment } from '@eb/shared/amendment/schemas';
import { AMENDMENT_LABELS } from '@eb/shared/amendment/labels';
import { CONTRACT_DEFAULT_SORT } from '@eb/shared/amendment/list-keys';
import { orderByOf } from '@eb/shared/paging';
import { MSG } from '@eb/shared/messages';
import { mayAccess } from '@eb/shared/roles';
import { formatDisplayDate } from '@eb/shared/formats';
import {
  AMENDMENT_FORM_SECTIONS,
  amendmentBody,
  amendmentShown,
  amendmentValues,
  cloneValues,
  newAmendmentValues,
  type AmendmentFormField,
  type AmendmentFormFieldName,
  type AmendmentFormValues,
} from '../../../entities/amendment/amendment-form';
import { amendmentChangeLogQuery, amendmentQuery, exportContracts, fetchAmendment, fetchContractLegacyId, generatedMasterContractQuery, nextAmendmentNumberQuery, useSaveAmendment } from '../../../entities/amendment/api';
import { useDownload } from '../../../components/use-download';
import { AMENDMENT_TEXTS } from '../../../entities/amendment/amendment-texts';
import { CONTRACT_CHILDREN_CONFIG, amendmentDocumentCalls } from '../../../entities/amendment/children-config';
import { codeOptions, YES_NO_OPTIONS } from '../../../entities/reference/reference-options';
import { referencesQuery } from '../../../entities/reference/references';
import { fullName, useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { ApiError } from '../../../lib/api-client';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { WhenNear } from '../../../components/WhenNear';
import { DeclaredFields } from '../../../components/DeclaredFields';
import { FormSectionIndex } from '../../../components/FormSectionIndex';
import { useNotify } from '../../../components/notify-context';
import { useForm, zodErrors } from '../../../components/use-form';
import { FormFailure } from '../../../components/FormFailure';
import { declaredConflictFields, describeValue, type ConflictField } from '../../../components/conflict-merge';
import { isStaleVersion, useRecordConflict } from '../../../components/use-record-conflict';
import { DetailTabs, type DetailTabProps } from '../../../components/DetailTabs';
import { AmendmentTabLabel } from '../../../entities/amendment/AmendmentTabLabel';
import { contactBlock, rememberPicked, shownOf, type RecordShown } from './record-blocks';

const REQUIRED = new Set<string>(AMENDMENT_REQUIRED_FIELDS);
/** The search popups load with their first use (they carry the business entity and contact forms). */
const BusinessEntitySearchDialog = lazy(() =>
  import('../../../entities/business-entity/BusinessEntitySearchDialog').then((m) => ({ default: m.BusinessEntitySearchDialog })),
);
/** The sections under the form load after it (grids, editors, the upload popup). */
const ParticipantsSection = lazy(() => import('../../../entities/participants-crm-documents/RecordChildSections').then((m) => ({ default: m.ParticipantsSection })));
const AmendmentAccounts = lazy(() => import('./AmendmentAccounts').then((m) => ({ default: m.AmendmentAccounts })));
const CrmSection = lazy(() => import('../../../entities/participants-crm-documents/RecordChildSections').then((m) => ({ default: m.CrmSection })));
const DocumentsPanel = lazy(() => import('../../../components/DocumentsPanel').then((m) => ({ default: m.DocumentsPanel })));
const ContactSearchDialog = lazy(() => import('../../../entities/contact/ContactSearchDialog').then((m) => ({ default: m.ContactSearchDialog })));

/**
 * Amendment Details (spec 2): /enrollments/contracts/amendment/{ids}, ids joined by '+', 0 for a new
 * amendment of the contract handed over by the page that opened it. A tab per amendment, named by
 * its legacy id and agreement date ('New Amendment' for 0), with a link to its contract, Save and Add
 * Amendment (hidden for agents, who see every field read-only), the fields of the Amendment entity
 * in the Amendment, Under Usage, Over Usage and Billing sections with the shared rules and
 * 'Required' placeholders, and the Change Log (not for agents).
 */
export function AmendmentDetails({ param }: { param: string }) {
  const me = useSignedInUser();
  const state = useLocation().state as { contract?: { objectId?: number | null }; cloneOf?: number; newContract?: boolean } | null;
  return (
    <DetailTabs
      param={param}
      area={AREAS.contracts}
      basePath={`${AREAS.contracts.path}/amendment`}
      className="eb-amendment-details"
      initialName={(id) => (id === 0 ? AMENDMENT_TEXTS.newAmendment : String(id))}
      tabLabel={(id) => <AmendmentTabLabel objectId={id} />}
      recent={{ userId: me.objectId, kind: 'Amendment' }}
    >
      {(tab) => (
        <AmendmentTab
          {...tab}
          masterContractId={tab.objectId === 0 ? (state?.contract?.objectId ?? null) : null}
          cloneOf={tab.objectId === 0 ? (state?.cloneOf ?? null) : null}
          newContract={tab.objectId === 0 && state?.newContract === true && !state.contract?.objectId}
        />
      )}
    </DetailTabs>
  );
}

function AmendmentTab(props: DetailTabProps & { masterContractId: number | null; cloneOf: number | null; newContract: boolean }) {
  const { objectId, cloneOf, onName, newContract } = props;
  const isNew = objectId === 0;
  const me = useSignedInUser();
  const editor = mayAccess('editor', me.userType);
  const staff = mayAccess('nonAgent', me.userType);
  // a new contract with its first amendment in one flow (issue 28): its Contract ID reserved as the tab opens
  const [nonce] = useState(() => Math.random().toString(36).slice(2));
  const generated = useQuery({ ...generatedMasterContractQuery(nonce), enabled: isNew && newContract && editor });
  const masterContractId = newContract ? (generated.data?.objectId ?? null) : props.masterContractId;
  const stored = useQuery({ ...amendmentQuery(objectId), enabled: !isNew });
  const source = useQuery({ ...amendmentQuery(cloneOf ?? 0), enabled: isNew && cloneOf !== null });
  const next = useQuery({ ...nextAmendmentNumberQuery(masterContractId ?? 0), enabled: isNew && !newContract && masterContractId !== null });
  const nextNumber = newContract ? (generated.data ? 1 : undefined) : next.data?.amendmentNumber;
  const ready = isNew ? nextNumber !== undefined && (cloneOf === null || source.data !== undefined) : stored.data !== undefined;
  if (!ready) return <div className="eb-popup__loading">{stored.error || next.error || source.error || generated.error ? MSG.somethingWentWrong : AMENDMENT_TEXTS.loading}</div>;
  const initial = stored.data
    ? amendmentValues(stored.data)
    : source.data
      ? cloneValues(source.data, nextNumber!)
      : // a new contract's first amendment is of type New (an added one, the lock-in extension: spec 2)
        { ...newAmendmentValues(nextNumber!), ...(newContract ? { type: 'New' } : {}) };
  return (
    <AmendmentForm
      key={stored.data?.version ?? 'new'}
      amendment={stored.data ?? null}
      masterContractId={stored.data?.masterContract.objectId ?? masterContractId!}
      initial={initial}
      cloneOf={isNew ? (source.data ?? null) : null}
      newContract={isNew && newContract ? (generated.data ?? null) : null}
      editor={editor}
      staff={staff}
      onName={onName}
      onCreated={props.onCreated}
    />
  );
}

function AmendmentForm(props: {
  amendment: Amendment | null;
  /** Clone Amendment: the amendment this new one copies (its blocks shown, its participants taken on Save) */
  cloneOf: Amendment | null;
  masterContractId: number;
  initial: AmendmentFormValues;
  editor: boolean;
  staff: boolean;
  onName: DetailTabProps['onName'];
  onCreated: (id: number) => void;
  /** a new contract's reserved ids: Save creates the contract with this amendment, in one write */
  newContract?: { objectId: number; contractId: number } | null;
}) {
  const { amendment, editor, onName } = props;
  const navigate = useNavigate();
  const notify = useNotify();
  const references = useQuery(referencesQuery());
  const save = useSaveAmendment();
  const form = useForm<AmendmentFormValues>({
    initial: props.initial,
    // after the conflict view's Apply, the user's values on the reloaded amendment
    fromTabDraft: true,
    validate: (v) => {
      const body = amendmentBody(v);
      // the field rules first; then the dates' order (as the server checks them)
      return { ...dateOrderIssues(AMENDMENT_DATE_ORDER, body), ...zodErrors(amendmentFieldsSchema, body) };
    },
  });
  const changeLog = useQuery({ ...amendmentChangeLogQuery(amendment?.objectId ?? 0), enabled: props.staff && amendment !== null });
  // the Business Entity and Primary Contact blocks: what is shown of the chosen records
  const be = (amendment ?? props.cloneOf)?.businessEntityObject;
  const pc = (amendment ?? props.cloneOf)?.primaryContactObject;
  const me = useSignedInUser();
  // a flag ticked now shows who and when as the save will record them (spec 2 section 4)
  const tickedNow = `${fullName(me)}, ${formatDisplayDate(new Date().toISOString().slice(0, 10) + 'T00:00:00')}`;
  // (after the conflict view's Apply the form holds the user's choice on the reloaded amendment: the
  // block shows what the user picked, not the other save's record)
  const [entityShown, setEntityShown] = useState<RecordShown | null>(() =>
    shownOf('entity', form.values.businessEntity, be ? { objectId: be.objectId, shown: { text: `${be.legalName} (${be.businessEntityId})`, inactive: !be.isActive } } : null),
  );
  const [contactShown, setContactShown] = useState<RecordShown | null>(() =>
    shownOf('contact', form.values.primaryContact, pc ? { objectId: pc.objectId, shown: contactBlock({ ...pc, emailAddress: pc.email?.emailAddress, phoneNumber: pc.phone?.phoneNumber }, pc.address) } : null),
  );
  const pick = (kind: 'entity' | 'contact', objectId: number | null, shown: RecordShown | null) => {
    rememberPicked(kind, objectId, shown);
    (kind === 'entity' ? setEntityShown : setContactShown)(shown);
  };
  const [search, setSearch] = useState<'entity' | 'contact' | null>(null);

  useEffect(() => {
    if (amendment)
      onName(
        [amendment.legacyId, formatDisplayDate(amendment.agreementDate)].filter(Boolean).join(' ') || String(amendment.amendmentNumber),
        AMENDMENT_TEXTS.tabName(amendment.contractId ?? null, amendment.amendmentNumber ?? null),
      );
  }, [amendment, onName]);

  const optionsOf = useMemo(() => {
    const cache = new Map<string, ReturnType<typeof codeOptions>>();
    return (itemType: string) => {
      if (!cache.has(itemType)) cache.set(itemType, codeOptions(references.data, itemType));
      return cache.get(itemType)!;
    };
  }, [references.data]);

  // the conflict view of a stale save: the declared fields and the blocks beside them
  const queryClient = useQueryClient();
  const conflictFields = useMemo<ConflictField[]>(() => {
    const declared = declaredConflictFields(AMENDMENT_FORM_SECTIONS, (d) => (d.kind === 'yesNo' ? YES_NO_OPTIONS : optionsOf(d.itemType!)));
    const extra: ConflictField[] = [
      { field: 'businessEntity', label: AMENDMENT_TEXTS.businessEntity, describe: (v) => describeValue(v) },
      { field: 'primaryContact', label: AMENDMENT_TEXTS.primaryContact, describe: (v) => describeValue(v) },
      { field: 'pricingValidated', label: AMENDMENT_LABELS.pricingValidated, describe: (v) => describeValue(v) },
      { field: 'operationsValidated', label: AMENDMENT_LABELS.operationsValidated, describe: (v) => describeValue(v) },
    ];
    return [...declared, ...extra.filter((x) => !declared.some((d) => d.field === x.field))];
  }, [optionsOf]);
  const conflict = useRecordConflict<Amendment, AmendmentFormValues>({
    latest: () => fetchAmendment(amendment!.objectId),
    valuesOf: amendmentValues,
    replace: (record) => queryClient.setQueryData(amendmentQuery(record.objectId).queryKey, record),
    fields: conflictFields,
    base: form.initial,
    mine: form.values,
  });

  const { downloading, download: downloadFile } = useDownload();
  // GetLegacyId: the legacy id of the contract's earliest amendment that has one (a saved amendment, or the clone's source)
  const legacySource = amendment?.objectId ?? props.cloneOf?.objectId ?? null;
  const [fetchingLegacy, setFetchingLegacy] = useState(false);
  const fetchLegacyId = async () => {
    if (legacySource === null) return;
    setFetchingLegacy(true);
    try {
      const { legacyId } = await fetchContractLegacyId(legacySource);
      if (legacyId) form.set('legacyId', legacyId);
      else notify.info(AMENDMENT_TEXTS.noLegacyId);
    } catch {
      // the API client notified the failure
    } finally {
      setFetchingLegacy(false);
    }
  };
  /** Download: this amendment as the search's download of one row. */
  const download = async () => {
    if (!amendment) return;
    await downloadFile(() => exportContracts({ contractRefs: [{ objectId: amendment.objectId }] }, orderByOf(CONTRACT_DEFAULT_SORT.field, CONTRACT_DEFAULT_SORT.direction)));
  };

  const submit = () => {
    const body = amendmentBody(form.values);
    const input = amendment
      ? { mode: 'edit' as const, id: amendment.objectId, body: { ...body, version: amendment.version } }
      : {
          mode: 'create' as const,
          body: {
            ...body,
            masterContract: { objectId: props.masterContractId },
            ...(props.cloneOf ? { cloneOf: { objectId: props.cloneOf.objectId } } : {}),
            // a new contract is created in the amendment's own write: a refused Save creates neither
            ...(props.newContract ? { newMasterContract: props.newContract } : {}),
          },
        };
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(MSG.allChangesSavedShort);
        if (!amendment) props.onCreated(saved.objectId);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fieldErrors) form.setServerErrors(e.fieldErrors);
        form.setFailure({ message: e instanceof ApiError ? e.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong, stale: isStaleVersion(e) });
        // changed by someone else: which fields, theirs and mine
        if (isStaleVersion(e)) void conflict.open();
      },
    });
  };

  /** The Legacy ID field's fetch button (GetLegacyId: the contract's first customer signee event). */
  const decorate = (d: AmendmentFormField, input: ReactNode) =>
    d.field !== 'legacyId' || !editor || !legacySource ? (
      input
    ) : (
      <div className="p-inputgroup">
        {input}
        <Button
          type="button"
          icon="pi pi-download"
          outlined
          aria-label={AMENDMENT_TEXTS.fetchLegacyId}
          title={AMENDMENT_TEXTS.fetchLegacyId}
          loading={fetchingLegacy}
          onClick={() => void fetchLegacyId()}
        />
      </div>
    );
  /** A field's change; a new unit carries the usage and billing units (followUnit). */
  const setField = (field: AmendmentFormFieldName, value: unknown) =>
    field === 'unitOfMeasure'
      ? form.update((values) => followUnit({ ...values, unitOfMeasure: value as string | null }, values.unitOfMeasure), ['unitOfMeasure', ...UNIT_FOLLOWERS])
      : form.set(field, value as never);

  return (
    <div className="eb-amendment">
      <div className="eb-amendment__bar eb-form-bar">
        {props.newContract && !amendment ? (
          // the contract is created with this amendment's Save: no page of it yet
          <span className="eb-amendment__contract-link">{AMENDMENT_TEXTS.newContract(props.newContract.contractId)}</span>
        ) : (
          <Link to={`${AREAS.contracts.path}/${props.masterContractId}`} className="eb-amendment__contract-link">
            {AMENDMENT_TEXTS.contractLink(amendment?.contractId ?? null)}
          </Link>
        )}
        {editor && (
          <div className="eb-amendment__actions">
            <Button label={AMENDMENT_TEXTS.save} icon="pi pi-check" disabled={!form.valid || (!!amendment && !form.dirty)} loading={save.isPending} onClick={submit} />
            <Button
              label={AMENDMENT_TEXTS.addAmendment}
              icon="pi pi-plus"
              outlined
              disabled={!amendment}
              onClick={() => navigate(`${AREAS.contracts.path}/amendment/0`, { state: { contract: { objectId: props.masterContractId } } })}
            />
            <Button
              label={AMENDMENT_TEXTS.cloneAmendment}
              icon="pi pi-copy"
              outlined
              disabled={!amendment}
              onClick={() => navigate(`${AREAS.contracts.path}/amendment/0`, { state: { contract: { objectId: props.masterContractId }, cloneOf: amendment!.objectId } })}
            />
            <Button label={AMENDMENT_TEXTS.download} icon="pi pi-download" outlined disabled={!amendment} loading={downloading} onClick={() => void download()} />
          </div>
        )}
        <FormSectionIndex />
      </div>
      <FormFailure failure={form.failure} onReload={() => void conflict.reload()} reloadLabel={MSG.conflictReload} role="alert" className="eb-amendment__failure" />
      {conflict.view}
      {amendment && (
        <dl className="eb-amendment__derived">
          <div>
            <dt>{AMENDMENT_LABELS.endDate}</dt>
            <dd>{formatDisplayDate(amendment.endDate) || '—'}</dd>
          </div>
          <div>
            <dt>{AMENDMENT_TEXTS.enteredBy}</dt>
            <dd>{[amendment.enteredBy, formatDisplayDate(amendment.enteredOn)].filter(Boolean).join(', ') || '—'}</dd>
          </div>
          {/* the RCE totals of its accounts (read-only) */}
          {(['electricityVolume', 'gasVolume', 'totalVolume'] as const).map((f) => (
            <div key={f}>
              <dt>{AMENDMENT_LABELS[f]}</dt>
              <dd>{amendment[f].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="eb-amendment__blocks">
        <RecordBlock
          title={AMENDMENT_TEXTS.businessEntity}
          shown={entityShown}
          editor={editor}
          onSearch={() => setSearch('entity')}
          onClear={() => {
            form.set('businessEntity', null);
            pick('entity', null, null);
          }}
        />
        <RecordBlock
          title={AMENDMENT_TEXTS.primaryContact}
          shown={contactShown}
          editor={editor}
          onSearch={() => setSearch('contact')}
          onClear={() => {
            form.set('primaryContact', null);
            pick('contact', null, null);
          }}
        />
      </div>
      {editor && search !== null && (
        <Suspense fallback={null}>
          <BusinessEntitySearchDialog
            visible={search === 'entity'}
            onHide={() => setSearch(null)}
            onSelect={(e) => {
              form.set('businessEntity', { objectId: e.objectId });
              pick('entity', e.objectId, { text: `${e.legalName} (${e.businessEntityId})`, inactive: !e.isActive });
            }}
          />
          <ContactSearchDialog
            visible={search === 'contact'}
            onHide={() => setSearch(null)}
            onSelect={(c) => {
              form.set('primaryContact', { objectId: c.contact.objectId });
              pick('contact', c.contact.objectId, contactBlock({ ...c.contact, status: 'Active', emailAddress: c.email?.emailAddress, phoneNumber: c.phone.phoneNumber }, c.address));
            }}
          />
        </Suspense>
      )}
      <DeclaredFields<AmendmentFormFieldName>
        sections={AMENDMENT_FORM_SECTIONS}
        values={form.values}
        set={setField}
        touch={(f) => form.touch(f)}
        messageOf={(f) => form.messageOf(f)}
        shownOf={(f) => amendmentShown(amendment, form.values, f, tickedNow)}
        required={REQUIRED}
        disabled={!editor}
        idPrefix={`amendment-${amendment?.objectId ?? 0}`}
        optionsOf={(d) => (d.kind === 'yesNo' ? YES_NO_OPTIONS : optionsOf(d.itemType!))}
        decorate={decorate}
        className="eb-amendment__section"
      />
      <Panel header={AMENDMENT_TEXTS.participants} toggleable className="eb-amendment__section">
        {amendment ? (
          <WhenNear fallback={<p className="eb-amendment__later">{AMENDMENT_TEXTS.loadingSection}</p>}>
            <ParticipantsSection config={CONTRACT_CHILDREN_CONFIG} parentId={amendment.objectId} editor={editor} />
          </WhenNear>
        ) : (
          <p className="eb-amendment__later">{AMENDMENT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={AMENDMENT_TEXTS.crmNotes} toggleable className="eb-amendment__section">
        {amendment ? (
          <WhenNear fallback={<p className="eb-amendment__later">{AMENDMENT_TEXTS.loadingSection}</p>}>
            <CrmSection config={CONTRACT_CHILDREN_CONFIG} parentId={amendment.objectId} editor={editor} staff={props.staff} />
          </WhenNear>
        ) : (
          <p className="eb-amendment__later">{AMENDMENT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={AMENDMENT_TEXTS.accounts} toggleable className="eb-amendment__section">
        {amendment ? (
          <WhenNear fallback={<p className="eb-amendment__later">{AMENDMENT_TEXTS.loadingSection}</p>}>
            <AmendmentAccounts amendmentId={amendment.objectId} amendmentStatus={amendment.contractStatus ?? null} editor={editor} staff={props.staff} />
          </WhenNear>
        ) : (
          <p className="eb-amendment__later">{AMENDMENT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={AMENDMENT_TEXTS.documents} toggleable className="eb-amendment__section">
        {amendment ? (
          <WhenNear fallback={<p className="eb-amendment__later">{AMENDMENT_TEXTS.loadingSection}</p>}>
            <DocumentsPanel calls={amendmentDocumentCalls} parentId={amendment.objectId} canEdit={editor} canDownload={props.staff} />
          </WhenNear>
        ) : (
          <p className="eb-amendment__later">{AMENDMENT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      {props.staff && amendment && (
        <ChangeLogPanel className="eb-list-page__changelog" entries={changeLog.data} loading={changeLog.isFetching} fieldLabels={AMENDMENT_LABELS} />
      )}
    </div>
  );
}




/** The Business Entity or Primary Contact block: the chosen record, a search icon and a Clear link (non-agents). */
function RecordBlock(props: { title: string; shown: RecordShown | null; editor: boolean; onSearch: () => void; onClear: () => void }) {
  return (
    <fieldset className="eb-amendment__block">
      <legend>{props.title}</legend>
      <span className="eb-amendment__block-text">
        {props.shown ? props.shown.text : '—'}
        {props.shown?.inactive && <span className="eb-amendment__inactive"> {AMENDMENT_TEXTS.inactiveRecord}</span>}
        {props.shown?.details?.map((line) => (
          <span key={line} className="eb-amendment__block-line">
            {line}
          </span>
        ))}
      </span>
      {props.editor && (
        <span className="eb-amendment__block-actions">
          <Button type="button" icon="pi pi-search" rounded text aria-label={AMENDMENT_TEXTS.searchFor(props.title)} onClick={props.onSearch} />
          <Button type="button" label={AMENDMENT_TEXTS.clear} link size="small" disabled={!props.shown} onClick={props.onClear} />
        </span>
      )}
    </fieldset>
  );
}
