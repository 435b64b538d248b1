import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MONTH_SHORT, MONTHS, USAGE_CHARGE_KINDS, volumeDatesInverted, volumeYears, type UsageChargeKind } from '@eb/shared/account/volume';
import { VOLUME_YEAR_MAX, VOLUME_YEAR_MIN } from '@eb/shared/constants';
import { checkRules, decimalRule } from '@eb/shared/field-rules';
import { MSG } from '@eb/shared/messages';
import { DateInput } from '../../../components/DateInput';
import { FormField } from '../../../components/FormField';
import { TypeaheadSelect, type TypeaheadOption } from '../../../components/TypeaheadSelect';
import { USAGE_CHARGE_COLUMNS, VOLUME_TEXTS as T, volumeCellIssues, volumeCellMessage } from '../../../entities/account/account-volume';

/** The Volume block as the form holds it: numbers as typed (text), rows by year and usage-charge rows. */
export interface VolumeValues {
  startDate: string | null;
  endDate: string | null;
  accountVolumeUom: string | null;
  btuFactor: unknown;
  volumeData: { year: number; months: unknown[] }[];
  usageCharges: ({ kind: UsageChargeKind } & Record<string, unknown>)[];
}
const EMPTY: VolumeValues = { startDate: null, endDate: null, accountVolumeUom: null, btuFactor: '', volumeData: [], usageCharges: [] };
const cellRule = decimalRule(9, 6);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The account's Volume section (spec 2 "Account" volume block, sections 5 and 9): start and end date
 * (both outlined in the error style when the end is before the start), the unit, the BTU factor, the
 * monthly grid (a row per year, January to December, spanning from the earliest year with data or
 * the start year to the latest year with data or the end year; a year can be added on either side)
 * and the usage-charge rows in their two shapes (uu with the position-difference and locked-in
 * switches, xu without). Read-only for agents.
 */
export function AccountVolume(props: {
  value: VolumeValues | null;
  onChange: (v: VolumeValues) => void;
  disabled: boolean;
  idPrefix: string;
  /** the form's rule messages by path ('accountVolume.usageCharges.0.tolPct') */
  errors: Readonly<Partial<Record<string, string>>>;
  optionsOf: (itemType: string) => readonly TypeaheadOption<unknown>[];
}) {
  const v = props.value ?? EMPTY;
  const set = (patch: Partial<VolumeValues>) => props.onChange({ ...v, ...patch });
  const id = (f: string) => `${props.idPrefix}-volume-${f}`;
  const inverted = volumeDatesInverted(v);
  const years = volumeYears({ startDate: v.startDate, endDate: v.endDate, volumeData: v.volumeData.map((r) => ({ year: r.year, months: r.months.map((m) => (blank(m) ? null : 0)) })) });
  const shown = years.length ? years : [];
  const btuMessage = checkRules(v.btuFactor, cellRule) ?? undefined;
  const cellIssues = volumeCellIssues(v);

  const cellOf = (year: number, month: number) => v.volumeData.find((r) => r.year === year)?.months[month] ?? '';
  const setCell = (year: number, month: number, text: string) => {
    const rows = v.volumeData.some((r) => r.year === year) ? v.volumeData : [...v.volumeData, { year, months: Array<unknown>(12).fill(null) }];
    const volumeData = rows
      .map((r) => (r.year === year ? { year, months: r.months.map((m, i) => (i === month ? (text === '' ? null : text) : m)) } : r))
      .filter((r) => r.months.some((m) => !blank(m)))
      .sort((a, b) => a.year - b.year);
    set({ volumeData });
  };
  const addYear = (year: number) => {
    if (year < VOLUME_YEAR_MIN || year > VOLUME_YEAR_MAX) return;
    set({ volumeData: [...v.volumeData, { year, months: Array<unknown>(12).fill('0') }].sort((a, b) => a.year - b.year) });
  };
  const setCharge = (index: number, field: string, value: unknown) =>
    set({ usageCharges: v.usageCharges.map((c, i) => (i === index ? { ...c, [field]: value } : c)) });

  return (
    <div className="eb-volume">
      <div className="eb-declared-grid">
        <FormField id={id('startDate')} label={T.startDate} message={inverted ? MSG.volumeEndBeforeStart : undefined}>
          <DateInput inputId={id('startDate')} value={v.startDate} onChange={(d) => set({ startDate: d })} invalid={inverted} disabled={props.disabled} />
        </FormField>
        <FormField id={id('endDate')} label={T.endDate}>
          <DateInput inputId={id('endDate')} value={v.endDate} onChange={(d) => set({ endDate: d })} invalid={inverted} disabled={props.disabled} />
        </FormField>
        <FormField id={id('uom')} label={T.uom}>
          <TypeaheadSelect<unknown> inputId={id('uom')} value={v.accountVolumeUom} options={props.optionsOf('unitsOfMeasure')} onChange={(u) => set({ accountVolumeUom: (u as string | null) ?? null })} disabled={props.disabled} />
        </FormField>
        <FormField id={id('btuFactor')} label={T.btuFactor} message={btuMessage}>
          <InputText id={id('btuFactor')} value={String(v.btuFactor ?? '')} inputMode="decimal" maxLength={17} invalid={!!btuMessage} onChange={(e) => set({ btuFactor: e.target.value })} disabled={props.disabled} />
        </FormField>
      </div>

      <h4 className="eb-volume__title">{T.monthly}</h4>
      {shown.length === 0 ? (
        <p className="eb-account__later">{T.noYears}</p>
      ) : (
        <div className="eb-volume__scroll" role="region" aria-label={T.monthly} tabIndex={0}>
          <table className="eb-volume__grid">
            <thead>
              <tr>
                <th scope="col">{T.year}</th>
                {MONTH_SHORT.map((m, i) => (
                  <th key={m} scope="col" title={MONTHS[i]}>
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((year) => (
                <tr key={year}>
                  <th scope="row">{year}</th>
                  {MONTHS.map((month, i) => {
                    const text = String(cellOf(year, i) ?? '');
                    const message = volumeCellMessage(text);
                    return (
                      <td key={month}>
                        <InputText
                          value={text}
                          inputMode="decimal"
                          aria-label={T.cell(month, year)}
                          aria-describedby={message ? `${id('msg')}-${year}-${i}` : undefined}
                          title={message ?? undefined}
                          invalid={!!message}
                          onChange={(e) => setCell(year, i, e.target.value)}
                          disabled={props.disabled}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* each refused cell's text, under the grid beside its row (twelve narrow cells leave no room in the cell itself) */}
      {cellIssues.length > 0 && (
        <ul className="eb-volume__messages">
          {cellIssues.map((x) => (
            <li key={x.where} id={`${id('msg')}-${x.year}-${x.month}`} className="p-error">
              <strong>{x.where}</strong>: {x.message}
            </li>
          ))}
        </ul>
      )}
      {!props.disabled && (
        <div className="eb-volume__actions">
          <Button type="button" label={T.addYearBefore} icon="pi pi-angle-up" text size="small" onClick={() => addYear((shown[0] ?? new Date().getFullYear() + 1) - 1)} />
          <Button type="button" label={T.addYearAfter} icon="pi pi-angle-down" text size="small" onClick={() => addYear((shown.at(-1) ?? new Date().getFullYear() - 1) + 1)} />
        </div>
      )}

      <h4 className="eb-volume__title">{T.usageCharges}</h4>
      {v.usageCharges.length === 0 ? (
        <p className="eb-account__later">{T.noUsageCharges}</p>
      ) : (
        <div className="eb-volume__scroll" role="region" aria-label={T.usageCharges} tabIndex={0}>
          <table className="eb-volume__charges">
            <thead>
              <tr>
                <th scope="col">{T.kind}</th>
                {USAGE_CHARGE_COLUMNS.map((c) => (
                  <th key={c.field} scope="col">
                    {c.label}
                  </th>
                ))}
                {!props.disabled && <th scope="col"><span className="p-hidden-accessible">{T.remove}</span></th>}
              </tr>
            </thead>
            <tbody>
              {v.usageCharges.map((charge, index) => (
                <tr key={index}>
                  <th scope="row">{T.kindLabel[charge.kind]}</th>
                  {USAGE_CHARGE_COLUMNS.map((c) => {
                    const label = `${T.kindLabel[charge.kind]} ${index + 1} ${c.label}`;
                    if (c.only && c.only !== charge.kind) return <td key={c.field} className="eb-volume__na">—</td>;
                    const message = props.errors[`accountVolume.usageCharges.${index}.${c.field}`];
                    return (
                      <td key={c.field}>
                        {c.itemType ? (
                          <TypeaheadSelect<unknown> aria-label={label} value={charge[c.field] ?? null} options={props.optionsOf(c.itemType)} onChange={(x) => setCharge(index, c.field, x)} disabled={props.disabled} invalid={!!message} />
                        ) : (
                          <InputText aria-label={label} value={String(charge[c.field] ?? '')} maxLength={c.maxLength} title={message} invalid={!!message} onChange={(e) => setCharge(index, c.field, e.target.value)} disabled={props.disabled} />
                        )}
                      </td>
                    );
                  })}
                  {!props.disabled && (
                    <td>
                      <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={T.removeRow(T.kindLabel[charge.kind], index + 1)} onClick={() => set({ usageCharges: v.usageCharges.filter((_, i) => i !== index) })} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!props.disabled && (
        <div className="eb-volume__actions">
          {USAGE_CHARGE_KINDS.map((kind) => (
            <Button key={kind} type="button" label={T.addCharge(T.kindLabel[kind])} icon="pi pi-plus" text size="small" onClick={() => set({ usageCharges: [...v.usageCharges, { kind }] })} />
          ))}
        </div>
      )}
    </div>
  );
}
