import { z } from 'zod';
import type { ChangeLogEntry } from './change-log';
import { cancelJobBodySchema, jobIdQuerySchema, type Job, type JobList } from './job/schemas';
import type { ReferenceSet } from './reference/data';
import { zipLookupQuerySchema, type ZipLocation } from './reference/schemas';
import type { Territory } from './reference/territory';
import { res, routePath, type FileResponse, type NoContent, type Res, type Resource, type RouteDef } from './route-def';
import {
  agentCreateBodySchema,
  agentDeleteBodySchema,
  agentExportQuerySchema,
  agentInfoListBodySchema,
  agentInfoListQuerySchema,
  agentListQuerySchema,
  agentUpdateBodySchema,
  type Agent,
  type AgentInfo,
} from './agent/schemas';
import {
  businessEntityCreateBodySchema,
  businessEntityListBodySchema,
  businessEntityUpdateBodySchema,
  type BusinessEntity,
  type GeneratedBusinessEntityId,
} from './business-entity/schemas';
import {
  CONTACT_ADDRESSES,
  CONTACT_EMAILS,
  CONTACT_PHONES,
  contactCreateBodySchema,
  contactListBodySchema,
  contactUpdateBodySchema,
  referenceDataQuerySchema,
  type ObjectRef,
  type Contact,
  type ContactCreated,
  type PrimaryContactReferenceData,
  type ContactRow,
} from './contact/schemas';
import { type PagedResult } from './paging';
import { exportQuerySchemaOf, optionalIdQuerySchema, pageQuerySchema } from './page-query';
import { territoryCreateBodySchema, territoryListQuerySchema, territoryUpdateBodySchema } from './reference/territory';
import {
  createUserBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  savedViewBodySchema,
  savedViewDeleteBodySchema,
  savedViewListQuerySchema,
  setPasswordBodySchema,
  updateUserBodySchema,
  userListBodySchema,
  type CurrentUser,
  type UserDto,
} from './users/schemas';
import { idQuerySchema } from './validation';
import {
  masterContractCreateBodySchema,
  masterContractUpdateBodySchema,
  type GeneratedMasterContract,
  type MasterContract,
  type NextAmendmentNumber,
} from './master-contract/schemas';
import {
  amendmentCreateBodySchema,
  amendmentUpdateBodySchema,
  contractLightListBodySchema,
  contractListBodySchema,
  type Amendment,
  type AmendmentRow,
  type LegacyId,
} from './amendment/schemas';
import { CONTRACT_CHILDREN, CONTRACT_PARENT } from './amendment/children';
import { ACCOUNT_ADDRESSES, ACCOUNT_CHILDREN, ACCOUNT_PARENT } from './account/children';
import { childRoutes } from './child-records';
import { recordChildRoutes } from './participants-crm-documents';
import { versionSchema } from './field-rules';
import {
  accountCreateBodySchema,
  accountIdQuerySchema,
  accountListBodySchema,
  accountUpdateBodySchema,
  setAccountStatusQuerySchema,
  type Account,
  type AccountRces,
  type AccountRow,
  accountsTemplateBodySchema,
} from './account/schemas';
import { loadBillingBodySchema, type BillingRow } from './account/billing';
import { reportBodySchema } from './report/schemas';
import {
  allRowsBodySchema,
  batchIdsBodySchema,
  importRowsBodySchema,
  resolveBodySchema,
  rowIdsBodySchema,
  rowsDownloadQuerySchema,
  uploadBodySchema,
  uploadFormBodySchema,
  uploadListBodySchema,
  uploadListQuerySchema,
  uploadTypeQuerySchema,
  type UploadedRow,
  type UploadForm,
} from './upload/schemas';
import {
  updateAllRowsBodySchema,
  updateBodySchema,
  updateFilterHintsBodySchema,
  updateFormBodySchema,
  updateImportRowsBodySchema,
  updateListBodySchema,
  updateListQuerySchema,
  updateRowsDownloadQuerySchema,
  updateTypeQuerySchema,
  type UpdateRow,
} from './update/schemas';
import { undoBodySchema } from './upload/undo';
import type { SavedView } from './users/views';
import type { HomePage } from './home';
import { fileDeleteBodySchema, fileQuerySchema, type FileDownload } from './file/schemas';

/** DELETE bodies that may name the version read (a stale one answers 409). */
const optionalVersionBodySchema = z.object({ version: versionSchema.optional() });

export { RESOURCES, RESOURCE_CODE_NAMES, RESOURCE_SEGMENTS, codeName, res, routePath, type FileResponse, type HttpMethod, type NoContent, type Res, type Resource, type RouteDef, type RouteResponse } from './route-def';

/**
 * The route table: every API route, one line each, with its answer's type (`response: res<T>()`;
 * `NoContent` for 204). The Lambda routers, the CDK routes, the local gateway, the web API client
 * and the authorization-matrix test all read it. A route missing from this table does not exist.
 * Child kinds (shared/src/child-records.ts) bring their four routes with `...childRoutes(kind)`.
 */
const empty = z.object({}).passthrough();

export const ROUTES = [
  // Users: sign-in and session
  { method: 'POST', resource: 'users', action: 'login', access: 'public', body: loginBodySchema, response: res<CurrentUser>() },
  { method: 'DELETE', resource: 'users', action: 'Logout', access: 'public', response: res<NoContent>() },
  { method: 'POST', resource: 'users', action: 'ResetPassword', access: 'public', body: resetPasswordBodySchema, response: res<NoContent>() },
  { method: 'POST', resource: 'users', action: 'SetPassword', access: 'public', body: setPasswordBodySchema, response: res<CurrentUser>() },
  { method: 'GET', resource: 'users', action: 'GetCurrentUser', access: 'signedIn', response: res<CurrentUser>() },
  // the signed-in user's saved views of a list screen (filters, sort, columns)
  { method: 'GET', resource: 'users', action: 'GetViews', access: 'signedIn', query: savedViewListQuerySchema, response: res<SavedView[]>() },
  { method: 'PUT', resource: 'users', action: 'SaveView', access: 'signedIn', body: savedViewBodySchema, response: res<SavedView[]>() },
  { method: 'DELETE', resource: 'users', action: 'DeleteView', access: 'signedIn', body: savedViewDeleteBodySchema, response: res<SavedView[]>() },
  // the home page's work queues and charts (issue 31): every user, each seeing what their role may (docs/home.md)
  { method: 'GET', resource: 'home', action: 'Get', access: 'signedIn', response: res<HomePage>() },
  // Users: administration (the admin gate: user type superAdmin)
  { method: 'POST', resource: 'users', action: 'GetList', access: 'admin', query: pageQuerySchema, body: userListBodySchema, response: res<PagedResult<UserDto>>() },
  { method: 'GET', resource: 'users', action: 'Get', access: 'admin', query: idQuerySchema, response: res<UserDto>() },
  { method: 'POST', resource: 'users', action: 'Create', access: 'admin', body: createUserBodySchema, response: res<UserDto>() },
  { method: 'PUT', resource: 'users', action: 'Update', access: 'admin', query: idQuerySchema, body: updateUserBodySchema, response: res<UserDto>() },
  { method: 'DELETE', resource: 'users', action: 'Delete', access: 'admin', query: idQuerySchema, response: res<NoContent>() },
  { method: 'PUT', resource: 'users', action: 'UserDeacivate', access: 'admin', query: idQuerySchema, response: res<UserDto>() },
  { method: 'GET', resource: 'users', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema, response: res<ChangeLogEntry[]>() },
  // Reference data
  { method: 'GET', resource: 'reference', action: 'GetReferences', access: 'signedIn', response: res<ReferenceSet[]>() },
  { method: 'GET', resource: 'reference', action: 'GetAddressLocationByZipCode', access: 'signedIn', query: zipLookupQuerySchema, response: res<ZipLocation>() },
  // Reference: territories (Data Administration; the list is read across the app, so signed-in)
  { method: 'GET', resource: 'reference', action: 'TerritoryGetList', access: 'signedIn', query: territoryListQuerySchema, response: res<PagedResult<Territory>>() },
  { method: 'POST', resource: 'reference', action: 'TerritoryCreate', access: 'admin', body: territoryCreateBodySchema, response: res<Territory>() },
  { method: 'PUT', resource: 'reference', action: 'TerritoryUpdate', access: 'admin', query: idQuerySchema, body: territoryUpdateBodySchema, response: res<Territory>() },
  { method: 'GET', resource: 'reference', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema, response: res<ChangeLogEntry[]>() },
  // Agents (Data Administration; read across the app, edited by admins)
  { method: 'GET', resource: 'agent', action: 'Get', access: 'signedIn', query: idQuerySchema, response: res<Agent>() },
  { method: 'GET', resource: 'agent', action: 'GetList', access: 'signedIn', query: agentListQuerySchema, response: res<PagedResult<Agent>>() },
  { method: 'POST', resource: 'agent', action: 'GetAgentInfoList', access: 'signedIn', query: agentInfoListQuerySchema, body: agentInfoListBodySchema, response: res<{ data: AgentInfo[] }>() },
  { method: 'POST', resource: 'agent', action: 'Create', access: 'admin', body: agentCreateBodySchema, response: res<Agent>() },
  { method: 'PUT', resource: 'agent', action: 'Update', access: 'admin', query: idQuerySchema, body: agentUpdateBodySchema, response: res<Agent>() },
  { method: 'DELETE', resource: 'agent', action: 'Delete', access: 'admin', query: idQuerySchema, body: agentDeleteBodySchema, response: res<NoContent>() },
  { method: 'GET', resource: 'agent', action: 'ChangeLogs', access: 'admin', query: optionalIdQuerySchema, response: res<ChangeLogEntry[]>() },
  { method: 'GET', resource: 'agent', action: 'Export', access: 'admin', query: agentExportQuerySchema, response: res<FileResponse>() },
  // Business entities (spec 3 section 7, spec 2 section 7): staff read them, editors change them; agents never
  { method: 'GET', resource: 'businessentity', action: 'Get', access: 'nonAgent', query: idQuerySchema, response: res<BusinessEntity>() },
  { method: 'POST', resource: 'businessentity', action: 'Generate', access: 'editor', response: res<GeneratedBusinessEntityId>() },
  { method: 'POST', resource: 'businessentity', action: 'Create', access: 'editor', body: businessEntityCreateBodySchema, response: res<BusinessEntity>() },
  { method: 'PUT', resource: 'businessentity', action: 'Update', access: 'editor', query: idQuerySchema, body: businessEntityUpdateBodySchema, response: res<BusinessEntity>() },
  { method: 'POST', resource: 'businessentity', action: 'GetList', access: 'nonAgent', query: pageQuerySchema, body: businessEntityListBodySchema, response: res<PagedResult<BusinessEntity>>() },
  { method: 'GET', resource: 'businessentity', action: 'ChangeLogs', access: 'nonAgent', query: optionalIdQuerySchema, response: res<(ChangeLogEntry & { businessEntityId: number | null })[]>() },
  // Contact entities (primary contacts): spec 3 "Contact entity", spec 2 "Primary contact resource"
  { method: 'POST', resource: 'primarycontact', action: 'Generate', access: 'editor', response: res<ObjectRef>() },
  { method: 'GET', resource: 'primarycontact', action: 'Get', access: 'nonAgent', query: idQuerySchema, response: res<Contact>() },
  { method: 'GET', resource: 'primarycontact', action: 'GetPrimaryContactReferenceData', access: 'nonAgent', query: referenceDataQuerySchema, response: res<PrimaryContactReferenceData>() },
  { method: 'POST', resource: 'primarycontact', action: 'Create', access: 'editor', body: contactCreateBodySchema, response: res<ContactCreated>() },
  { method: 'PUT', resource: 'primarycontact', action: 'Update', access: 'editor', query: idQuerySchema, body: contactUpdateBodySchema, response: res<Contact>() },
  { method: 'POST', resource: 'primarycontact', action: 'GetList', access: 'nonAgent', query: pageQuerySchema, body: contactListBodySchema, response: res<PagedResult<ContactRow>>() },
  // the contact's addresses, phones and emails: Get{X}List, {X}Add, {X}Update, {X}Delete each
  ...childRoutes(CONTACT_ADDRESSES),
  ...childRoutes(CONTACT_PHONES),
  ...childRoutes(CONTACT_EMAILS),
  { method: 'GET', resource: 'primarycontact', action: 'ChangeLogs', access: 'nonAgent', query: optionalIdQuerySchema, response: res<ChangeLogEntry[]>() },
  // Master contracts (spec 2 section 7 "Resource 'mastercontract'"): agents read, editors write
  { method: 'GET', resource: 'mastercontract', action: 'Get', access: 'signedIn', query: idQuerySchema, response: res<MasterContract>() },
  { method: 'POST', resource: 'mastercontract', action: 'Create', access: 'editor', body: masterContractCreateBodySchema, response: res<MasterContract>() },
  { method: 'PUT', resource: 'mastercontract', action: 'Update', access: 'editor', query: idQuerySchema, body: masterContractUpdateBodySchema, response: res<MasterContract>() },
  { method: 'POST', resource: 'mastercontract', action: 'Generate', access: 'editor', response: res<GeneratedMasterContract>() },
  { method: 'GET', resource: 'mastercontract', action: 'getNextAmendmentNumber', access: 'signedIn', query: idQuerySchema, response: res<NextAmendmentNumber>() },
  // Amendments (spec 2 section 7 "Resource 'contract'"): agents search and view; the change log is not theirs
  { method: 'GET', resource: 'contract', action: 'Get', access: 'signedIn', query: idQuerySchema, response: res<Amendment>() },
  { method: 'POST', resource: 'contract', action: 'GetList', access: 'signedIn', query: pageQuerySchema, body: contractListBodySchema, response: res<PagedResult<AmendmentRow>>() },
  { method: 'POST', resource: 'contract', action: 'Create', access: 'editor', body: amendmentCreateBodySchema, response: res<Amendment>() },
  { method: 'PUT', resource: 'contract', action: 'Update', access: 'editor', query: idQuerySchema, body: amendmentUpdateBodySchema, response: res<Amendment>() },
  { method: 'DELETE', resource: 'contract', action: 'Delete', access: 'editor', query: idQuerySchema, body: optionalVersionBodySchema, response: res<NoContent>() },
  { method: 'GET', resource: 'contract', action: 'ChangeLogs', access: 'nonAgent', query: idQuerySchema, response: res<ChangeLogEntry[]>() },
  { method: 'POST', resource: 'contract', action: 'GetLightList', access: 'signedIn', body: contractLightListBodySchema, response: res<AmendmentRow[]>() },
  { method: 'GET', resource: 'contract', action: 'GetLegacyId', access: 'signedIn', query: idQuerySchema, response: res<LegacyId>() },
  // the amendment's Accounts section: ?id (the amendment) with paging and the section's sort keys (AMENDMENT_ACCOUNT_SORT_KEYS)
  { method: 'GET', resource: 'contract', action: 'GetAccounts', access: 'signedIn', query: pageQuerySchema.extend(idQuerySchema.shape), response: res<PagedResult<AccountRow>>() },
  { method: 'POST', resource: 'contract', action: 'Export', access: 'nonAgent', query: exportQuerySchemaOf(pageQuerySchema), body: contractListBodySchema, response: res<FileResponse>() },
  // Export all (no row cap): a job, then a short-lived link to its file for the user who started it
  { method: 'POST', resource: 'contract', action: 'ExportAll', access: 'nonAgent', query: exportQuerySchemaOf(pageQuerySchema), body: contractListBodySchema, response: res<Job>() },
  { method: 'GET', resource: 'contract', action: 'GetExportLink', access: 'nonAgent', query: jobIdQuerySchema, response: res<FileDownload>() },
  // an amendment's participants, CRM notes and documents (shared/src/participants-crm-documents.ts)
  ...recordChildRoutes(CONTRACT_PARENT, CONTRACT_CHILDREN),
  // files (spec 2 "File resource"): a short-lived download link (staff: agents do not download), delete
  { method: 'GET', resource: 'file', action: 'Get', access: 'nonAgent', query: fileQuerySchema, response: res<FileDownload>() },
  { method: 'POST', resource: 'file', action: 'Delete', access: 'editor', body: fileDeleteBodySchema, response: res<NoContent>() },
  // Accounts (spec 2 section 7 "Resource 'account'"): agents search and view; editors write; staff read the change log and download
  { method: 'GET', resource: 'account', action: 'Get', access: 'signedIn', query: idQuerySchema, response: res<Account>() },
  { method: 'POST', resource: 'account', action: 'Create', access: 'editor', body: accountCreateBodySchema, response: res<Account>() },
  { method: 'PUT', resource: 'account', action: 'Update', access: 'editor', query: idQuerySchema, body: accountUpdateBodySchema, response: res<Account>() },
  { method: 'DELETE', resource: 'account', action: 'Delete', access: 'editor', query: idQuerySchema, body: optionalVersionBodySchema, response: res<NoContent>() },
  { method: 'POST', resource: 'account', action: 'GetList', access: 'signedIn', query: pageQuerySchema, body: accountListBodySchema, response: res<PagedResult<AccountRow>>() },
  { method: 'POST', resource: 'account', action: 'GetListWithContracts', access: 'signedIn', query: pageQuerySchema, body: accountListBodySchema, response: res<PagedResult<AccountRow>>() },
  { method: 'PUT', resource: 'account', action: 'SetAccountStatus', access: 'editor', query: setAccountStatusQuerySchema, response: res<AccountRow>() },
  { method: 'GET', resource: 'account', action: 'ChangeLogs', access: 'nonAgent', query: accountIdQuerySchema, response: res<ChangeLogEntry[]>() },
  { method: 'GET', resource: 'account', action: 'GetRCEs', access: 'signedIn', query: accountIdQuerySchema, response: res<AccountRces>() },
  { method: 'POST', resource: 'account', action: 'Export', access: 'nonAgent', query: exportQuerySchemaOf(pageQuerySchema), body: accountListBodySchema, response: res<FileResponse>() },
  { method: 'POST', resource: 'account', action: 'ExportAll', access: 'nonAgent', query: exportQuerySchemaOf(pageQuerySchema), body: accountListBodySchema, response: res<Job>() },
  { method: 'GET', resource: 'account', action: 'GetExportLink', access: 'nonAgent', query: jobIdQuerySchema, response: res<FileDownload>() },
  { method: 'POST', resource: 'account', action: 'DownloadAccountsTemplate', access: 'nonAgent', body: accountsTemplateBodySchema, response: res<FileResponse>() },
  // billing rows: read on the account; loaded by the billing system's feed (admins)
  { method: 'GET', resource: 'account', action: 'GetBillingRows', access: 'signedIn', query: accountIdQuerySchema, response: res<BillingRow[]>() },
  { method: 'POST', resource: 'account', action: 'LoadBillingRows', access: 'admin', body: loadBillingBodySchema, response: res<{ loaded: number }>() },
  // Reports (spec 2 section 7 "Report"): the report's job, then its file for the user who started it.
  // Starting one records a job and writes a file: a POST, not the spec's GET (issue 26 item 6)
  { method: 'POST', resource: 'report', action: '', access: 'nonAgent', body: reportBodySchema, response: res<Job>() },
  { method: 'GET', resource: 'report', action: 'GetReportLink', access: 'nonAgent', query: jobIdQuerySchema, response: res<FileDownload>() },
  // an account's participants, CRM notes and documents (the amendment's calls with {account}), and its addresses
  ...recordChildRoutes(ACCOUNT_PARENT, ACCOUNT_CHILDREN),
  ...childRoutes(ACCOUNT_ADDRESSES),
  // Uploader (spec 3 section 7; administrators only): template, upload to S3 then register, rows, batches, removal
  { method: 'GET', resource: 'upload', action: 'DownloadTemplate', access: 'admin', query: uploadTypeQuerySchema, response: res<FileResponse>() },
  { method: 'GET', resource: 'upload', action: 'DownloadExceptions', access: 'admin', query: rowsDownloadQuerySchema, response: res<FileResponse>() },
  { method: 'GET', resource: 'upload', action: 'DownloadImported', access: 'admin', query: rowsDownloadQuerySchema, response: res<FileResponse>() },
  { method: 'POST', resource: 'upload', action: 'GetUploadForm', access: 'admin', body: uploadFormBodySchema, response: res<UploadForm>() },
  { method: 'POST', resource: 'upload', action: 'Upload', access: 'admin', body: uploadBodySchema, response: res<Job>() },
  // 'Select job' on the SingleFile tab: the caller's last completed SingleFile uploads (beyond the spec's calls)
  { method: 'GET', resource: 'upload', action: 'GetSingleFileJobs', access: 'admin', response: res<Job[]>() },
  { method: 'POST', resource: 'upload', action: 'GetList', access: 'admin', query: uploadListQuerySchema, body: uploadListBodySchema, response: res<PagedResult<UploadedRow>>() },
  { method: 'POST', resource: 'upload', action: 'GetBatchIds', access: 'admin', body: batchIdsBodySchema, response: res<{ batchIds: number[] }>() },
  { method: 'DELETE', resource: 'upload', action: 'DeleteRows', access: 'admin', body: rowIdsBodySchema, response: res<NoContent>() },
  { method: 'POST', resource: 'upload', action: 'Resolve', access: 'admin', body: resolveBodySchema, response: res<UploadedRow[]>() },
  { method: 'POST', resource: 'upload', action: 'ImportRows', access: 'admin', body: importRowsBodySchema, response: res<Job>() },
  { method: 'POST', resource: 'upload', action: 'SaveAll', access: 'admin', body: allRowsBodySchema, response: res<Job>() },
  { method: 'DELETE', resource: 'upload', action: 'DeleteAll', access: 'admin', body: allRowsBodySchema, response: res<Job>() },
  // Undo of a batch's import (issue 29 section 5, beyond the spec): the undo job
  { method: 'POST', resource: 'upload', action: 'Undo', access: 'admin', body: undoBodySchema, response: res<Job>() },
  // Updater (spec 3 section 7 "Updater calls"; administrators only): the uploader's pipeline with an updateType
  { method: 'GET', resource: 'update', action: 'DownloadTemplate', access: 'admin', query: updateTypeQuerySchema, response: res<FileResponse>() },
  { method: 'GET', resource: 'update', action: 'DownloadExceptions', access: 'admin', query: updateRowsDownloadQuerySchema, response: res<FileResponse>() },
  { method: 'POST', resource: 'update', action: 'GetUploadForm', access: 'admin', body: updateFormBodySchema, response: res<UploadForm>() },
  { method: 'POST', resource: 'update', action: 'Upload', access: 'admin', body: updateBodySchema, response: res<Job>() },
  { method: 'POST', resource: 'update', action: 'GetList', access: 'admin', query: updateListQuerySchema, body: updateListBodySchema, response: res<PagedResult<UpdateRow>>() },
  { method: 'POST', resource: 'update', action: 'ImportRows', access: 'admin', body: updateImportRowsBodySchema, response: res<Job>() },
  { method: 'POST', resource: 'update', action: 'importAllRows', access: 'admin', body: updateAllRowsBodySchema, response: res<Job>() },
  { method: 'DELETE', resource: 'update', action: 'deleteAllRows', access: 'admin', body: updateAllRowsBodySchema, response: res<Job>() },
  { method: 'DELETE', resource: 'update', action: 'DeleteRows', access: 'admin', body: rowIdsBodySchema, response: res<NoContent>() },
  { method: 'POST', resource: 'update', action: 'Resolve', access: 'admin', body: resolveBodySchema, response: res<UpdateRow[]>() },
  { method: 'POST', resource: 'update', action: 'Undo', access: 'admin', body: undoBodySchema, response: res<Job>() },
  { method: 'POST', resource: 'update', action: 'GetUpdateFilterHints', access: 'admin', body: updateFilterHintsBodySchema, response: res<{ batchIds: number[] }>() },
  // Jobs
  { method: 'GET', resource: 'job', action: '', access: 'signedIn', response: res<JobList>() },
  { method: 'GET', resource: 'job', action: 'getjob', access: 'signedIn', query: jobIdQuerySchema, response: res<Job>() },
  { method: 'DELETE', resource: 'job', action: 'Cancel', access: 'editor', body: cancelJobBodySchema, response: res<Job>() },
] as const satisfies readonly (RouteDef & { response: Res<unknown> })[];

export type Route = (typeof ROUTES)[number];


/** Find the route for a method and path; the action matches case-insensitively. */
export function matchRoute(method: string, path: string): RouteDef | undefined {
  const p = path.replace(/\/+$/, '').toLowerCase();
  const m = method.toUpperCase();
  return (ROUTES as readonly RouteDef[]).find((r) => r.method === m && routePath(r).toLowerCase() === p);
}

/** Routes of one resource (one Lambda each). */
export function routesOf(resource: Resource): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.resource === resource);
}

/** Is there any route at this path (any method)? Used to answer 405 rather than 404. */
export function pathExists(path: string): boolean {
  const p = path.replace(/\/+$/, '').toLowerCase();
  return (ROUTES as readonly RouteDef[]).some((r) => routePath(r).toLowerCase() === p);
}

export const EMPTY_BODY = empty;
