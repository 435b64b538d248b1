import { Suspense, lazy, useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Panel } from 'primereact/panel';
import { dateOrderIssues } from '@eb/shared/date-order';
import { ACCOUNT_DATE_ORDER, ACCOUNT_REQUIRED_FIELDS, accountFieldsSchema, type Account } from '@eb/shared/account/schemas';
import { ldcFormatCheck } from '@eb/shared/account/ldc-formats';
import { accountStatusRefusal, allowedAccountStatusesHint } from '@eb/shared/account/status-rules';
import { MSG } from '@eb/shared/messages';
import { mayAccess } from '@eb/shared/roles';
import { formatDisplayDate } from '@eb/shared/formats';
import {
  ACCOUNT_FORM_SECTIONS,
  accountBody,
  accountShown,
  accountValues,
  cloneAccountValues,
  newAccountValues,
  withFollowedDefaults,
  type AccountFormFieldName,
  type AccountFormValues,
} from '../../../entities/account/account-form';
import { amendmentQuery } from '../../../entities/amendment/api';
import { agentListQuery } from '../../../entities/agent/api';
import { MAX_RECORD_COUNT } from '@eb/shared/constants';
import type { Amendment } from '@eb/shared/amendment/schemas';
import { ACCOUNT_FIELD_LABELS, ACCOUNT_TEXTS } from '../../../entities/account/account-texts';
import { BILLING_TEXTS } from '../../../entities/account/account-billing';
import { VOLUME_TEXTS, volumeCellIssues } from '../../../entities/account/account-volume';
import type { VolumeValues } from './AccountVolume';
import { accountChangeLogQuery, accountChildCountQuery, accountQuery, exportAccounts, fetchAccount, useSaveAccount } from '../../../entities/account/api';
import { ACCOUNT_CHILDREN_CONFIG, accountDocumentCalls } from '../../../entities/account/children-config';
import { codeOptions, useReferenceSets, YES_NO_OPTIONS } from '../../../entities/reference/reference-options';
import { useSignedInUser } from '../../../entities/users/session';
import { AREAS } from '../../../config/areas';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../components/use-download';
import { ChangeLogPanel } from '../../../components/ChangeLogPanel';
import { DeclaredFields } from '../../../components/DeclaredFields';
import { FormSectionIndex } from '../../../components/FormSectionIndex';
import { DetailTabs, type DetailTabProps } from '../../../components/DetailTabs';
import { AccountTabLabel } from '../../../entities/account/AccountTabLabel';
import { useNotify } from '../../../components/notify-context';
import { useForm, zodErrors } from '../../../components/use-form';
import { FormFailure } from '../../../components/FormFailure';
import { declaredConflictFields, describeValue, type ConflictField } from '../../../components/conflict-merge';
import { isStaleVersion, useRecordConflict } from '../../../components/use-record-conflict';

const REQUIRED = new Set<string>(ACCOUNT_REQUIRED_FIELDS);
/** The sections under the form load after it. */
const AccountAddresses = lazy(() => import('./AccountAddresses').then((m) => ({ default: m.AccountAddresses })));
const ParticipantsSection = lazy(() => import('../../../entities/participants-crm-documents/RecordChildSections').then((m) => ({ default: m.ParticipantsSection })));
const CrmSection = lazy(() => import('../../../entities/participants-crm-documents/RecordChildSections').then((m) => ({ default: m.CrmSection })));
const AccountVolume = lazy(() => import('./AccountVolume').then((m) => ({ default: m.AccountVolume })));
const AccountBilling = lazy(() => import('./AccountBilling').then((m) => ({ default: m.AccountBilling })));
const DocumentsPanel = lazy(() => import('../../../components/DocumentsPanel').then((m) => ({ default: m.DocumentsPanel })));

/**
 * Account Detail (spec 2): /enrollments/accounts/{ids} ('+'-joined; 0 new, with the amendment as
 * /accounts/0/{amendmentId}). A tab per account ('New' for an unsaved one) with its close control;
 * Save (hidden when read-only, enabled when the account may be saved) and Download (hidden for
 * agents, disabled for a new account); links to the contract and the amendment; the Account
 * Details, Commission (hidden for agents), Pricing and Usage sections from one declaration with the
 * shared rules and 'Required' placeholders; the derived end date, upload rate and contract length;
 * the change log for staff.
 */
export function AccountDetails({ param, amendmentId, cloneId = null }: { param: string; amendmentId: number | null; cloneId?: number | null }) {
  const me = useSignedInUser();
  return (
    <DetailTabs param={param} area={AREAS.accounts} basePath={AREAS.accounts.path} className="eb-account-details" initialName={(id) => (id === 0 ? ACCOUNT_TEXTS.newAccount : String(id))} tabLabel={(id) => <AccountTabLabel objectId={id} />} recent={{ userId: me.objectId, kind: 'Account' }}>
      {(tab) => <AccountTab {...tab} amendmentId={tab.objectId === 0 ? amendmentId : null} cloneId={tab.objectId === 0 ? cloneId : null} />}
    </DetailTabs>
  );
}

function AccountTab(props: DetailTabProps & { amendmentId: number | null; cloneId: number | null }) {
  const { objectId, cloneId } = props;
  const stored = useQuery({ ...accountQuery(objectId), enabled: objectId !== 0 });
  const source = useQuery({ ...accountQuery(cloneId ?? 0), enabled: objectId === 0 && cloneId !== null });
  // a new account's amendment: its links, and the requested start date and term it prefills (issue 28)
  const parentId = objectId === 0 ? (source.data?.contract.objectId ?? props.amendmentId) : null;
  const parent = useQuery({ ...amendmentQuery(parentId ?? 0), enabled: parentId !== null && parentId > 0 });
  const loading = objectId !== 0 ? !stored.data : (cloneId !== null && !source.data) || (parentId !== null && parentId > 0 && !parent.data && !parent.error);
  if (loading) return <div className="eb-popup__loading">{stored.error || source.error ? MSG.somethingWentWrong : ACCOUNT_TEXTS.loading}</div>;
  return (
    <AccountForm
      key={stored.data?.version ?? 'new'}
      {...props}
      account={stored.data ?? null}
      parent={parent.data ?? null}
      // the amendment's status narrows the statuses the account may take (status-rules.ts): a stored account's comes with it
      amendmentStatus={stored.data ? stored.data.amendmentStatus : (parent.data?.contractStatus ?? null)}
      initial={stored.data ? accountValues(stored.data) : source.data ? cloneAccountValues(source.data) : newAccountValues(parent.data ? { startDate: parent.data.startDate, term: parent.data.term } : null)}
      amendmentId={stored.data?.contract.objectId ?? source.data?.contract.objectId ?? props.amendmentId}
    />
  );
}

function AccountForm(props: DetailTabProps & { account: Account | null; parent: Amendment | null; amendmentStatus: string | null; amendmentId: number | null; initial: AccountFormValues }) {
  const { account, onName } = props;
  const me = useSignedInUser();
  const editor = mayAccess('editor', me.userType);
  const staff = mayAccess('nonAgent', me.userType);
  const notify = useNotify();
  const sets = useReferenceSets();
  const save = useSaveAccount();
  // the chosen territory's reference item, with its LDC number format (issue 28)
  const territoryOf = (v: AccountFormValues) => sets?.find((s) => s.itemType === 'territories')?.items.find((t) => t.objectId === (v.territory as { objectId: number } | null)?.objectId);
  const form = useForm<AccountFormValues>({
    initial: props.initial,
    // after the conflict view's Apply, the user's values on the reloaded account
    fromTabDraft: true,
    validate: (v) => {
      const body = accountBody(v, !account);
      // the field rules first; then the dates' order (as the server checks them)
      const errors = { ...dateOrderIssues(ACCOUNT_DATE_ORDER, body), ...zodErrors(accountFieldsSchema, body) };
      // the LDC number's format of the chosen territory when it blocks (the server checks it too, and the overlap)
      const format = errors.ldcAccountNum ? null : ldcFormatCheck(territoryOf(v), v.ldcAccountNum as string);
      return format?.blocks ? { ...errors, ldcAccountNum: format.message } : errors;
    },
  });
  const changeLog = useQuery({ ...accountChangeLogQuery(account?.objectId ?? 0), enabled: staff && account !== null });
  // the agents to choose from (by Agent Name) and the chosen one's master and sub-agent
  const agents = useQuery({ ...agentListQuery({ skip: 0, limit: MAX_RECORD_COUNT, orderBy: 'agent Ascending', keyword: '' }), enabled: editor || account?.agent != null });
  const agentOf = (v: AccountFormValues) => {
    const id = (v.agent as { objectId: number } | null)?.objectId;
    if (id === undefined) return null;
    const row = agents.data?.data.find((a) => a.objectId === id);
    return row ? { code: row.code, master: row.master, subagent: row.subagent } : account?.agentObject?.objectId === id ? account.agentObject : null;
  };
  // the section headers' counts (spec 2 "Account Detail")
  const count = (list: 'GetAddressList' | 'GetParticipants' | 'GetCrms') => ({ ...accountChildCountQuery(account?.objectId ?? 0, list), enabled: account !== null });
  const counts = [useQuery(count('GetAddressList')), useQuery(count('GetParticipants')), useQuery(count('GetCrms'))].map((q) => q.data?.totalCount);
  const titled = (title: string, n: number | undefined) => (n === undefined ? title : `${title} (${n})`);
  useEffect(() => {
    if (account) onName(account.ldcAccountNum || String(account.objectId), [account.name, account.ldcAccountNum].filter(Boolean).join(' · ') || undefined);
  }, [account, onName]);

  const optionsOf = useMemo(() => {
    const territories = (sets?.find((s) => s.itemType === 'territories')?.items ?? []).map((t) => ({ label: `${t.code} — ${t.name}`, value: t.objectId }));
    // an agent's territory list is the account's own territory (spec 2 section 6)
    const own = account?.territory?.objectId;
    const territoryOptions = editor || own === undefined ? territories : territories.filter((t) => t.value === own);
    // an agent reads the account's own agent; editors choose among every agent
    const agentOptions = (agents.data?.data ?? []).map((a) => ({ label: a.code, value: a.objectId }));
    if (account?.agentObject && !agentOptions.some((o) => o.value === account.agentObject!.objectId)) agentOptions.push({ label: account.agentObject.code, value: account.agentObject.objectId });
    // the statuses the amendment's state allows (and the account's own), as the server checks them
    const statusOptions = codeOptions(sets, 'accountStatuses').filter((o) => accountStatusRefusal(props.amendmentStatus, account?.accountStatus, String(o.value)) === null);
    return (d: { kind: string; itemType?: string }) =>
      d.kind === 'yesNo'
        ? YES_NO_OPTIONS
        : d.kind === 'ref'
          ? d.itemType === 'agents'
            ? agentOptions
            : territoryOptions
          : d.itemType === 'accountStatuses'
            ? statusOptions
            : codeOptions(sets, d.itemType!);
  }, [sets, account, editor, agents.data, props.amendmentStatus]);

  const sections = staff ? ACCOUNT_FORM_SECTIONS : ACCOUNT_FORM_SECTIONS.filter((s) => s.key !== 'commission');
  // the conflict view of a stale save: the declared fields and the volume block
  const queryClient = useQueryClient();
  const conflictFields = useMemo<ConflictField[]>(
    () => [
      ...declaredConflictFields(sections, optionsOf),
      {
        field: 'accountVolume',
        label: VOLUME_TEXTS.title,
        describe: (v) => {
          const volume = v as VolumeValues | null;
          return volume ? [describeValue(volume.startDate, 'date'), describeValue(volume.endDate, 'date'), volume.accountVolumeUom ?? ''].join(' ').trim() : '—';
        },
      },
    ],
    [sections, optionsOf],
  );
  const conflict = useRecordConflict<Account, AccountFormValues>({
    latest: () => fetchAccount(account!.objectId),
    valuesOf: accountValues,
    replace: (record) => queryClient.setQueryData(accountQuery(record.objectId).queryKey, record),
    fields: conflictFields,
    base: form.initial,
    mine: form.values,
  });
  const fieldProps = {
    values: form.values,
    set: (f: AccountFormFieldName, v: unknown) =>
      // the commission plan follows the unit (spec 2 section 9); the short name and a new account's start follow what they derive from (issue 28)
      form.update(
        (x) => withFollowedDefaults(x, { ...x, [f]: v, ...(f === 'unitOfMeasure' && v ? { commissionPlan: v } : {}) }, !account),
        // a new territory checks the LDC number against its format at once
        [f, ...(f === 'unitOfMeasure' ? ['commissionPlan'] : []), ...(f === 'territory' && form.values.ldcAccountNum ? ['ldcAccountNum'] : [])],
      ),
    touch: (f: AccountFormFieldName) => form.touch(f),
    messageOf: (f: AccountFormFieldName) => form.messageOf(f),
    shownOf: (f: AccountFormFieldName) =>
      accountShown(form.values, f, { account, referenceAmendment: props.parent?.referenceAmendment ?? null, territory: territoryOf(form.values), agent: agentOf(form.values) }),
    // an LDC number that does not fit a warning format: said, and saved anyway (issue 28)
    hintOf: (f: AccountFormFieldName) =>
      f === 'ldcAccountNum'
        ? ldcFormatCheck(territoryOf(form.values), form.values.ldcAccountNum as string)?.message
        : f === 'accountStatus' && editor
          ? (allowedAccountStatusesHint(props.amendmentStatus) ?? undefined)
          : undefined,
    required: REQUIRED,
    disabled: !editor,
    idPrefix: `account-${account?.objectId ?? 0}`,
    optionsOf,
    className: 'eb-account__section',
  };
  const derived = accountBody(form.values, !account);
  // the volume cells the rule refuses, summed up by Save (issue 28)
  const volumeIssues = volumeCellIssues(form.values.accountVolume as { volumeData?: { year: number; months: unknown[] }[] } | null);
  const parentLinks = account
    ? { masterContract: account.masterContract.objectId, contractId: account.contractId, amendment: account.contract.objectId, amendmentNumber: account.amendmentNumber }
    : props.parent
      ? { masterContract: props.parent.masterContract.objectId, contractId: props.parent.contractId, amendment: props.parent.objectId, amendmentNumber: props.parent.amendmentNumber }
      : null;

  const submit = () => {
    const body = accountBody(form.values, !account);
    const input = account
      ? { mode: 'edit' as const, id: account.objectId, body: { ...body, version: account.version } }
      : { mode: 'create' as const, body: { ...body, contract: { objectId: props.amendmentId! } } };
    save.mutate(input, {
      onSuccess: (saved) => {
        notify.success(MSG.allChangesSavedShort);
        if (!account) props.onCreated(saved.objectId);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fieldErrors) form.setServerErrors(e.fieldErrors);
        form.setFailure({ message: e instanceof ApiError ? e.describe(MSG.somethingWentWrong) : MSG.somethingWentWrong, stale: isStaleVersion(e) });
        // changed by someone else: which fields, theirs and mine
        if (isStaleVersion(e)) void conflict.open();
      },
    });
  };
  const navigate = useNavigate();
  const { download: downloadFile } = useDownload();
  const download = async () => {
    if (!account) return;
    await downloadFile(() => exportAccounts({ accountRefs: [{ objectId: account.objectId }] }, 'esgAccountNo Descending'));
  };

  return (
    <div className="eb-account">
      <div className="eb-account__bar eb-form-bar">
        {parentLinks && (
          <span className="eb-account__links">
            <Link to={`${AREAS.contracts.path}/${parentLinks.masterContract}`}>{ACCOUNT_TEXTS.contractLink(parentLinks.contractId)}</Link>
            <Link to={`${AREAS.contracts.path}/amendment/${parentLinks.amendment}`}>{ACCOUNT_TEXTS.amendmentLink(parentLinks.amendmentNumber)}</Link>
          </span>
        )}
        <span className="eb-account__actions">
          {editor && volumeIssues.length > 0 && (
            <span className="p-error eb-account__summary" role="status">
              {VOLUME_TEXTS.summary(volumeIssues)}
            </span>
          )}
          {editor && <Button label={ACCOUNT_TEXTS.save} icon="pi pi-check" disabled={!form.valid || (!!account && !form.dirty) || !props.amendmentId} loading={save.isPending} onClick={submit} />}
          {editor && (
            <Button label={ACCOUNT_TEXTS.clone} icon="pi pi-copy" outlined disabled={!account} onClick={() => navigate(`${AREAS.accounts.path}/0/clone/${account!.objectId}`)} />
          )}
          {staff && <Button label={ACCOUNT_TEXTS.download} icon="pi pi-download" outlined disabled={!account} onClick={() => void download()} />}
        </span>
        <FormSectionIndex />
      </div>
      <FormFailure failure={form.failure} onReload={() => void conflict.reload()} reloadLabel={MSG.conflictReload} role="alert" className="eb-account__failure" />
      {conflict.view}
      <dl className="eb-account__derived">
        <div>
          <dt>{ACCOUNT_TEXTS.derived.contractEndDate}</dt>
          <dd>{formatDisplayDate(derived.contractEndDate as string | null) || '—'}</dd>
        </div>
        {account && (
          <>
            <div>
              <dt>{ACCOUNT_TEXTS.derived.camsAccountId}</dt>
              <dd>{account.objectId}</dd>
            </div>
            <div>
              <dt>{ACCOUNT_TEXTS.derived.commodity}</dt>
              <dd>{account.commodity ?? '—'}</dd>
            </div>
            <div>
              <dt>{ACCOUNT_TEXTS.derived.rce}</dt>
              <dd>{account.rce ?? '—'}</dd>
            </div>
            <div>
              <dt>{ACCOUNT_TEXTS.derived.contractLength}</dt>
              <dd>{account.contractLengthDays ?? '—'}</dd>
            </div>
            <div>
              <dt>{ACCOUNT_TEXTS.derived.entered}</dt>
              <dd>{[account.enteredBy, formatDisplayDate(account.enteredOn)].filter(Boolean).join(', ') || '—'}</dd>
            </div>
          </>
        )}
      </dl>
      <DeclaredFields<AccountFormFieldName> sections={sections.filter((x) => x.key === 'details')} {...fieldProps} />
      <Panel header={titled(ACCOUNT_TEXTS.addresses, counts[0])} toggleable className="eb-account__section">
        {account ? (
          <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
            <AccountAddresses accountId={account.objectId} editor={editor} />
          </Suspense>
        ) : (
          <p className="eb-account__later">{ACCOUNT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={titled(ACCOUNT_TEXTS.participants, counts[1])} toggleable className="eb-account__section">
        {account ? (
          <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
            <ParticipantsSection config={ACCOUNT_CHILDREN_CONFIG} parentId={account.objectId} editor={editor} />
          </Suspense>
        ) : (
          <p className="eb-account__later">{ACCOUNT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <DeclaredFields<AccountFormFieldName> sections={sections.filter((x) => x.key !== 'details')} {...fieldProps} />
      <Panel header={VOLUME_TEXTS.title} toggleable className="eb-account__section">
        <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
          <AccountVolume
            value={form.values.accountVolume as VolumeValues | null}
            onChange={(v) => form.set('accountVolume', v)}
            disabled={!editor}
            idPrefix={fieldProps.idPrefix}
            errors={form.errors}
            optionsOf={(itemType) => codeOptions(sets, itemType)}
          />
        </Suspense>
      </Panel>
      <Panel header={titled(ACCOUNT_TEXTS.crm, counts[2])} toggleable className="eb-account__section">
        {account ? (
          <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
            <CrmSection config={ACCOUNT_CHILDREN_CONFIG} parentId={account.objectId} editor={editor} staff={staff} />
          </Suspense>
        ) : (
          <p className="eb-account__later">{ACCOUNT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={BILLING_TEXTS.title} toggleable className="eb-account__section">
        {account ? (
          <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
            <AccountBilling accountId={account.objectId} />
          </Suspense>
        ) : (
          <p className="eb-account__later">{ACCOUNT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      <Panel header={ACCOUNT_TEXTS.documents} toggleable className="eb-account__section">
        {account ? (
          <Suspense fallback={<p className="eb-account__later">{ACCOUNT_TEXTS.loadingSection}</p>}>
            <DocumentsPanel calls={accountDocumentCalls} parentId={account.objectId} canEdit={editor} canDownload={staff} />
          </Suspense>
        ) : (
          <p className="eb-account__later">{ACCOUNT_TEXTS.saveFirst}</p>
        )}
      </Panel>
      {staff && account && <ChangeLogPanel className="eb-list-page__changelog" entries={changeLog.data} loading={changeLog.isFetching} fieldLabels={ACCOUNT_FIELD_LABELS} />}
    </div>
  );
}
