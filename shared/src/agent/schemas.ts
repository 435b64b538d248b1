import { z } from 'zod';
import {
  AGENT_EMAIL_MAX_LENGTH,
  AGENT_NOTES_MAX_LENGTH,
  AGENT_TEXT_MAX_LENGTH,
  COMMISSION_DECIMAL_DIGITS,
  COMMISSION_INTEGER_DIGITS,
} from '../constants';
import {
  optionalDate,
  optionalDecimal,
  optionalEmail,
  optionalReferenceCode,
  optionalText,
  optionalYesNo,
  requiredText,
  versionSchema,
} from '../field-rules';
import { pageQuerySchema } from '../page-query';

/**
 * Agent (spec 2 section 3 "Agent", section 5 "Agent"). 'Agent Name' is the field `code` and is
 * required; text fields hold at most 50 characters, the three emails 200 (and must be valid when
 * given: 'Incorrect email format'), the three notes 128. Commissions are decimal numbers (7 integer
 * and 8 decimal digits, the commission rule of spec 2 section 5); dates travel in the transfer
 * format; yes/no fields are booleans; upsell/downsell agent types are codes of the `agentTypes`
 * reference set ('master', 'agent', 'subagent') and entityStateId a code of `states` ('NJ'), as every
 * reference-set value (an objectId of the set is accepted and read as its code).
 *
 * Chosen where the spec is silent: splitStartElectric / splitStartGas are dates (the day the
 * commission split starts); status, salesType and salesChannel are free text (the spec marks only
 * the agent types, the state and the yes/no fields as selections); nyLicense and njLicense are
 * yes/no like paLicense.
 */
const text = () => optionalText(AGENT_TEXT_MAX_LENGTH);
const email = () => optionalEmail(AGENT_EMAIL_MAX_LENGTH);
const notes = () => optionalText(AGENT_NOTES_MAX_LENGTH);
const commission = () => optionalDecimal(COMMISSION_INTEGER_DIGITS, COMMISSION_DECIMAL_DIGITS);

export const agentFieldsSchema = z.object({
  code: requiredText(AGENT_TEXT_MAX_LENGTH),
  name: text(),
  master: text(),
  subagent: text(),
  masterCommissionElectric: commission(),
  agentCommissionElectric: commission(),
  subagentCommissionElectric: commission(),
  masterCommissionGas: commission(),
  agentCommissionGas: commission(),
  subagentCommissionGas: commission(),
  upsellAgentType: optionalReferenceCode('agentTypes'),
  downsellAgentType: optionalReferenceCode('agentTypes'),
  splitStartElectric: optionalDate(),
  splitStartGas: optionalDate(),
  utilityFee: optionalYesNo(),
  rewardsAllowed: optionalYesNo(),
  status: text(),
  salesType: text(),
  contactName: text(),
  companyName: text(),
  portalPassword: text(),
  agreementDate: optionalDate(),
  confidentialityDate: optionalDate(),
  w9Date: optionalDate(),
  companyPhoneNumber: text(),
  contactPhoneNumber: text(),
  accountStatusEmail: email(),
  matrixSheet: text(),
  pricingEmail: email(),
  salesChannel: text(),
  commissionReportEmail: email(),
  entityName: text(),
  entityAddress: text(),
  entityCity: text(),
  entityStateId: optionalReferenceCode('states'),
  entityZip: text(),
  agreementContactName: text(),
  agreementContactTitle: text(),
  specialTerms: text(),
  nyLicense: optionalYesNo(),
  njLicense: optionalYesNo(),
  paLicense: optionalYesNo(),
  operationsNotes: notes(),
  financeNotes: notes(),
  pricingNotes: notes(),
  managingAgent: text(),
});
export type AgentFields = z.infer<typeof agentFieldsSchema>;
export type AgentField = keyof AgentFields;

/** Every agent field, in the spec's order (the change log compares these; the export writes them). */
export const AGENT_FIELDS = Object.keys(agentFieldsSchema.shape) as AgentField[];

/** A stored agent as the API answers it. */
export interface Agent extends AgentFields {
  objectId: number;
  version: number;
}

/** What kind of input a field takes (the grid's editors and the export's cell types follow it). */
export type AgentFieldKind = 'text' | 'email' | 'notes' | 'commission' | 'date' | 'yesNo' | 'agentType' | 'state';
export const AGENT_FIELD_KINDS: Record<AgentField, AgentFieldKind> = {
  code: 'text', name: 'text', master: 'text', subagent: 'text',
  masterCommissionElectric: 'commission', agentCommissionElectric: 'commission', subagentCommissionElectric: 'commission',
  masterCommissionGas: 'commission', agentCommissionGas: 'commission', subagentCommissionGas: 'commission',
  upsellAgentType: 'agentType', downsellAgentType: 'agentType',
  splitStartElectric: 'date', splitStartGas: 'date',
  utilityFee: 'yesNo', rewardsAllowed: 'yesNo',
  status: 'text', salesType: 'text', contactName: 'text', companyName: 'text', portalPassword: 'text',
  agreementDate: 'date', confidentialityDate: 'date', w9Date: 'date',
  companyPhoneNumber: 'text', contactPhoneNumber: 'text',
  accountStatusEmail: 'email', matrixSheet: 'text', pricingEmail: 'email', salesChannel: 'text', commissionReportEmail: 'email',
  entityName: 'text', entityAddress: 'text', entityCity: 'text', entityStateId: 'state', entityZip: 'text',
  agreementContactName: 'text', agreementContactTitle: 'text', specialTerms: 'text',
  nyLicense: 'yesNo', njLicense: 'yesNo', paLicense: 'yesNo',
  operationsNotes: 'notes', financeNotes: 'notes', pricingNotes: 'notes',
  managingAgent: 'text',
};

/** Maximum length of a text field (for the inputs' maxLength hint; the schema is the rule). */
export function agentFieldMaxLength(field: AgentField): number | undefined {
  const kind = AGENT_FIELD_KINDS[field];
  if (kind === 'text') return AGENT_TEXT_MAX_LENGTH;
  if (kind === 'email') return AGENT_EMAIL_MAX_LENGTH;
  if (kind === 'notes') return AGENT_NOTES_MAX_LENGTH;
  return undefined;
}

/** Column titles (grid, export). 'Agent Name' is the spec's; the others are the field names made readable. */
export const AGENT_LABELS: Record<AgentField, string> = {
  code: 'Agent Name',
  name: 'Name',
  master: 'Master',
  subagent: 'Subagent',
  masterCommissionElectric: 'Master Commission Electric',
  agentCommissionElectric: 'Agent Commission Electric',
  subagentCommissionElectric: 'Subagent Commission Electric',
  masterCommissionGas: 'Master Commission Gas',
  agentCommissionGas: 'Agent Commission Gas',
  subagentCommissionGas: 'Subagent Commission Gas',
  upsellAgentType: 'Upsell Agent Type',
  downsellAgentType: 'Downsell Agent Type',
  splitStartElectric: 'Split Start Electric',
  splitStartGas: 'Split Start Gas',
  utilityFee: 'Utility Fee',
  rewardsAllowed: 'Rewards Allowed',
  status: 'Status',
  salesType: 'Sales Type',
  contactName: 'Contact Name',
  companyName: 'Company Name',
  portalPassword: 'Portal Password',
  agreementDate: 'Agreement Date',
  confidentialityDate: 'Confidentiality Date',
  w9Date: 'W9 Date',
  companyPhoneNumber: 'Company Phone Number',
  contactPhoneNumber: 'Contact Phone Number',
  accountStatusEmail: 'Account Status Email',
  matrixSheet: 'Matrix Sheet',
  pricingEmail: 'Pricing Email',
  salesChannel: 'Sales Channel',
  commissionReportEmail: 'Commission Report Email',
  entityName: 'Entity Name',
  entityAddress: 'Entity Address',
  entityCity: 'Entity City',
  entityStateId: 'Entity State',
  entityZip: 'Entity Zip',
  agreementContactName: 'Agreement Contact Name',
  agreementContactTitle: 'Agreement Contact Title',
  specialTerms: 'Special Terms',
  nyLicense: 'NY License',
  njLicense: 'NJ License',
  paLicense: 'PA License',
  operationsNotes: 'Operations Notes',
  financeNotes: 'Finance Notes',
  pricingNotes: 'Pricing Notes',
  managingAgent: 'Managing Agent',
};

/** POST agent/Create body. */
export const agentCreateBodySchema = agentFieldsSchema;
/** PUT agent/Update?id body: the whole agent (fields left out are emptied) and the version read. */
export const agentUpdateBodySchema = agentFieldsSchema.extend({ version: versionSchema });
/** DELETE agent/Delete?id body: optionally the version read (a stale one answers 409). */
export const agentDeleteBodySchema = z.object({ version: versionSchema.optional() });

/** Sort fields (spec 2 section 3): agentId, name, master, agent (the Agent Name), subagent, upsell/downsell type. */
export const AGENT_SORT_FIELDS = ['agentId', 'name', 'master', 'agent', 'subagent', 'upsellAgentTypeId', 'downsellAgentTypeId'] as const;
export type AgentSortField = (typeof AGENT_SORT_FIELDS)[number];
/** The grid column of each sort field. */
export const AGENT_SORT_FIELD_OF: Partial<Record<AgentField | 'objectId', AgentSortField>> = {
  objectId: 'agentId',
  name: 'name',
  master: 'master',
  code: 'agent',
  subagent: 'subagent',
  upsellAgentType: 'upsellAgentTypeId',
  downsellAgentType: 'downsellAgentTypeId',
};
/** Chosen: agents list alphabetically by Agent Name. */
export const AGENT_DEFAULT_ORDER = 'agent Ascending';

/** The search of the agent list and export (spec 2: the export URL carries searchParams and pageParameters). */
export const agentSearchQuerySchema = z.object({ keyword: z.string().max(200).optional() });
/** GET agent/GetList?limit&skip&orderBy&getTotalCount[&keyword] */
export const agentListQuerySchema = pageQuerySchema.extend(agentSearchQuerySchema.shape);
export type AgentListQuery = z.infer<typeof agentListQuerySchema>;
/** GET agent/Export?keyword&orderBy (paging accepted and ignored: every match, up to MAX_RECORD_COUNT). */
export const agentExportQuerySchema = agentListQuerySchema;

/** POST agent/GetAgentInfoList?limit, body {keyword}: the type-ahead. */
export const agentInfoListQuerySchema = z.object({ limit: z.string().regex(/^\d{1,4}$/, 'limit must be a number').optional() });
export const agentInfoListBodySchema = z.object({ keyword: z.string().max(AGENT_TEXT_MAX_LENGTH).optional().default('') });
/** A type-ahead suggestion: the agent's id, its Agent Name (code) and its name (the Agent Name when it has none). */
export interface AgentInfo {
  objectId: number;
  code: string;
  name: string;
}

/** The first message per field of a draft row ({} when it may be saved). */
export function agentErrors(row: Partial<Record<AgentField, unknown>>): Partial<Record<AgentField, string>> {
  const r = agentFieldsSchema.safeParse(row);
  const out: Partial<Record<AgentField, string>> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const f = issue.path[0] as AgentField;
    out[f] ??= issue.message;
  }
  return out;
}

/**
 * What a caller may see of an agent. Admins see everything. Other staff do not see the portal
 * password; agent users (spec 2 section 6: no Commission section) see neither commissions nor the
 * internal notes. Chosen: the spec does not say what the agent calls answer to whom.
 */
export const AGENT_HIDDEN_FROM_STAFF: readonly AgentField[] = ['portalPassword'];
export const AGENT_HIDDEN_FROM_AGENTS: readonly AgentField[] = [
  'portalPassword',
  'masterCommissionElectric', 'agentCommissionElectric', 'subagentCommissionElectric',
  'masterCommissionGas', 'agentCommissionGas', 'subagentCommissionGas',
  'operationsNotes', 'financeNotes', 'pricingNotes',
];
