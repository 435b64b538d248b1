import { useId } from 'react';
import { Button } from 'primereact/button';
import { AGENT_LABELS, type AgentField } from '@eb/shared/agent/schemas';
import type { ReferenceSet } from '@eb/shared/reference/data';
import { AgentFieldInput, type AgentRow } from './AgentFieldInput';
import { AGENT_TEXTS } from '../../../entities/agent/agent-texts';
import { KIT_TEXTS } from '../../../components/component-texts';
import { Popup } from '../../../components/Popup';

/**
 * The agent fields that are not grid columns, grouped (spec 2 section 3 lists them; the grouping is
 * chosen). Together with AGENT_GRID_FIELDS they are every field of the agent.
 */
export const AGENT_DETAIL_SECTIONS: { title: string; fields: AgentField[] }[] = [
  {
    title: AGENT_TEXTS.sections.contact,
    fields: ['companyPhoneNumber', 'contactPhoneNumber', 'accountStatusEmail', 'pricingEmail', 'commissionReportEmail', 'managingAgent', 'salesChannel', 'matrixSheet', 'portalPassword'],
  },
  {
    title: AGENT_TEXTS.sections.dates,
    fields: ['agreementDate', 'confidentialityDate', 'w9Date', 'splitStartElectric', 'splitStartGas', 'utilityFee', 'rewardsAllowed', 'specialTerms'],
  },
  { title: AGENT_TEXTS.sections.licenses, fields: ['nyLicense', 'njLicense', 'paLicense'] },
  {
    title: AGENT_TEXTS.sections.entity,
    fields: ['entityName', 'entityAddress', 'entityCity', 'entityStateId', 'entityZip', 'agreementContactName', 'agreementContactTitle'],
  },
  { title: AGENT_TEXTS.sections.notes, fields: ['operationsNotes', 'financeNotes', 'pricingNotes'] },
];

export interface AgentDetailsDialogProps {
  /** The open row (its draft while edited), or null when closed. */
  row: AgentRow | null;
  visible: boolean;
  onHide: () => void;
  onChange: (field: AgentField, value: unknown) => void;
  errors: Partial<Record<AgentField, string>>;
  onDateValidity: (field: AgentField, valid: boolean) => void;
  sets: readonly ReferenceSet[] | undefined;
  readOnly?: boolean;
}

/**
 * The rest of an agent's fields, for the row open in the grid: changes go into the same pending row
 * (the page's Save saves them with the grid's columns; Esc in the grid restores them too).
 */
export function AgentDetailsDialog(props: AgentDetailsDialogProps) {
  const { row, errors } = props;
  const uid = useId().replace(/:/g, '');
  const name = row ? (row.objectId === 0 ? AGENT_TEXTS.newAgent : String(row.code ?? '')) : '';
  return (
    <Popup
      header={AGENT_TEXTS.detailsTitle(name)}
      visible={props.visible && row !== null}
      onClose={props.onHide}
      className="eb-da-details"
      style={{ width: 'min(64rem, 96vw)' }}
      footer={<Button type="button" label={KIT_TEXTS.done} icon="pi pi-check" onClick={props.onHide} autoFocus />}
      dismissableMask
      blockScroll
    >
      {row && (
        <div className="eb-da-details__sections">
          {AGENT_DETAIL_SECTIONS.map((section) => (
            <fieldset key={section.title} className="eb-da-details__section" disabled={props.readOnly}>
              <legend>{section.title}</legend>
              <div className="eb-da-details__grid">
                {section.fields.map((field) => {
                  const id = `eb-da-${uid}-${field}`;
                  return (
                    <div key={field} className={`eb-da-details__field eb-da-details__field--${field.endsWith('Notes') ? 'wide' : 'normal'}`}>
                      <label htmlFor={id}>{AGENT_LABELS[field]}</label>
                      <AgentFieldInput
                        field={field}
                        value={row[field]}
                        onChange={(v) => props.onChange(field, v)}
                        id={id}
                        ariaLabel={AGENT_LABELS[field]}
                        sets={props.sets}
                        error={errors[field]}
                        onDateValidity={props.onDateValidity}
                      />
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </Popup>
  );
}
