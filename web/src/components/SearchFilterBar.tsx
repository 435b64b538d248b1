import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { SearchFilterDef, SearchFilters } from '../lib/search-filters';
import { browser } from '../lib/browser';
import { SEARCH_FILTER_TEXTS as T } from './component-texts';
import { DateInput } from './DateInput';
import { ListFilters } from './ListFilters';
import { TypeaheadSelect, type TypeaheadOption } from './TypeaheadSelect';
import { useDebouncedValue } from './use-debounced-value';
import { useLatest } from './use-latest';
import './list-page.css';

/** A column's filter: typed text reaches the URL (and the list) once typing pauses. */
function ColumnFilter({ label, numeric, value, onChange, debounceMs }: { label: string; numeric: boolean; value: string; onChange: (value: string) => void; debounceMs: number }) {
  const [text, setText] = useState(value);
  // a value arriving by the URL (Reset, back/forward, a link) is shown
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const settled = useDebouncedValue(text.trim(), debounceMs);
  const latest = useLatest({ value, onChange });
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onChange(settled);
  }, [settled, latest]);
  return (
    <InputText
      value={text}
      onChange={(e) => setText(numeric ? e.target.value.replace(/\D+/g, '').slice(0, 10) : e.target.value)}
      placeholder={label}
      aria-label={`${T.filterBy} ${label}`}
      inputMode={numeric ? 'numeric' : undefined}
      className="p-inputtext-sm eb-search-filters__column"
    />
  );
}

/** Filters shown as removable chips (the date periods kept, a link's filters without a control); the current one filled. */
function RemovableChips({ ariaLabel, chips }: { ariaLabel: string; chips: { key: string; label: string; removeLabel: string; current?: boolean; onRemove: () => void }[] }) {
  if (chips.length === 0) return null;
  return (
    <div className="eb-search-filters__periods" role="group" aria-label={ariaLabel}>
      {chips.map((c) => (
        <Button key={c.key} type="button" size="small" rounded outlined={!c.current} icon="pi pi-times" iconPos="right" label={c.label} aria-label={c.removeLabel} onClick={c.onRemove} />
      ))}
    </div>
  );
}

/** 'mm/dd/yyyy' of a yyyy-MM-dd day, '…' for none. */
const formatDay = (day: string | null): string => (day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '…');

export interface SearchFilterBarProps<C extends string, S extends string, D extends string, E extends string> {
  def: SearchFilterDef<C, S, D, E>;
  filters: SearchFilters<C, S, D, E>;
  setFilters: (change: Partial<SearchFilters<C, S, D, E>>) => void;
  text: string;
  setText: (text: string) => void;
  reset: () => void;
  ariaLabel: string;
  keywordLabel: string;
  keywordPlaceholder: string;
  resetLabel: string;
  /** the label of each selection, column filter and date kind */
  labels: { selects: Record<S, string>; columns: Record<C, string>; dateKinds: Record<D, string> };
  /** the options of each selection */
  options: Record<S, readonly TypeaheadOption<string>[]>;
  debounceMs: number;
  /** more filters, after the date period */
  children?: ReactNode;
  /** the URL-only filters (no control of their own, e.g. a home page queue's ?statusAge=14): shown while set as removable chips */
  extraChips?: readonly { key: E; label: (value: string) => string }[];
  /** the saved views and column chooser, at the end */
  views?: ReactNode;
  className?: string;
}

/** How many filters beyond the keyword are set (the Filters button's count). */
function activeFilters(f: { columns: object; selects: object; periods: object; extras: object }): number {
  const set = (o: object) => Object.values(o).filter((v) => v !== undefined && v !== null && v !== '').length;
  return set(f.columns) + set(f.selects) + set(f.periods) + set(f.extras);
}

/**
 * The filter bar of a search page (Contracts, Accounts), one row: the keyword, the 'Filters (n)'
 * button, the saved views and Reset. The button opens the rest below it: the selections, the date
 * kind with its From and To (every kind's period kept at once, shown as removable chips), the
 * column filters and the page's own filters (`children`). All in the URL (lib/search-filters.ts);
 * the panel starts open when a link brings such filters.
 */
export function SearchFilterBar<C extends string, S extends string, D extends string, E extends string>(props: SearchFilterBarProps<C, S, D, E>) {
  const { def, filters, setFilters, labels } = props;
  // a change right after another one builds on the address bar, not on the last render
  const live = () => def.filtersOf(browser.currentQuery());
  const edited = def.editedPeriod(filters);
  const periods = def.spec.dateKinds.filter((k) => filters.periods[k.value]);
  const chips = (props.extraChips ?? []).filter((c) => filters.extras[c.key]);
  const active = activeFilters(filters);
  const [open, setOpen] = useState(active > 0);
  const panelId = `${useId().replace(/:/g, '')}-more`;
  return (
    <ListFilters
      ariaLabel={props.ariaLabel}
      className={['eb-search-filters', props.className].filter(Boolean).join(' ')}
      keyword={{ value: props.text, onChange: props.setText, placeholder: props.keywordPlaceholder, ariaLabel: props.keywordLabel, className: 'eb-search-filters__keyword' }}
      resetLabel={props.resetLabel}
      resetDisabled={!def.hasFilters(filters) && props.text === ''}
      onReset={props.reset}
      after={props.views && <div className="eb-search-filters__views">{props.views}</div>}
    >
      <Button
        type="button"
        size="small"
        outlined={!open}
        icon={open ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
        label={T.moreFilters(active)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="eb-search-filters__toggle"
      />
      <div id={panelId} className="eb-search-filters__more" role="group" aria-label={T.moreFiltersPanel} hidden={!open}>
      {def.spec.selects.map((s) => (
        <TypeaheadSelect<string>
          key={s.key}
          value={filters.selects[s.key] ?? null}
          options={props.options[s.key]}
          onChange={(v) => setFilters({ selects: { ...live().selects, [s.key]: v ?? undefined } })}
          placeholder={labels.selects[s.key]}
          aria-label={labels.selects[s.key]}
          className="eb-search-filters__select"
        />
      ))}
      <Dropdown
        value={filters.dateKind}
        options={def.spec.dateKinds.map((k) => ({ label: labels.dateKinds[k.value], value: k.value }))}
        onChange={(e) => setFilters({ dateKind: e.value as D })}
        aria-label={T.dateKind}
        className="eb-search-filters__date-kind"
      />
      <DateInput
        value={edited.from ? `${edited.from}T00:00:00` : null}
        onChange={(v) => setFilters(def.withPeriod(live(), { from: v ? v.slice(0, 10) : null }))}
        aria-label={T.from}
        className="eb-search-filters__date"
      />
      <DateInput
        value={edited.to ? `${edited.to}T00:00:00` : null}
        onChange={(v) => setFilters(def.withPeriod(live(), { to: v ? v.slice(0, 10) : null }))}
        aria-label={T.to}
        className="eb-search-filters__date"
      />
      {props.children}
      <RemovableChips
        ariaLabel={T.linkFilters}
        chips={chips.map((c) => {
          const label = c.label(filters.extras[c.key]!);
          return { key: c.key, label, removeLabel: T.removeFilter(label), onRemove: () => setFilters({ extras: { ...live().extras, [c.key]: undefined } }) };
        })}
      />
      <RemovableChips
        ariaLabel={T.datePeriods}
        chips={periods.map((k) => ({
          key: k.value,
          label: T.periodLabel(labels.dateKinds[k.value], formatDay(filters.periods[k.value]!.from), formatDay(filters.periods[k.value]!.to)),
          removeLabel: T.removePeriod(labels.dateKinds[k.value]),
          current: k.value === filters.dateKind,
          onRemove: () => setFilters(def.withPeriod(live(), { from: null, to: null }, k.value)),
        }))}
      />
      <div className="eb-search-filters__columns" role="group" aria-label={T.columnFilters}>
        {def.spec.columns.map((c) => (
          <ColumnFilter
            key={c.key}
            label={labels.columns[c.key]}
            numeric={c.numeric}
            debounceMs={props.debounceMs}
            value={filters.columns[c.key] ?? ''}
            onChange={(v) => setFilters({ columns: { ...live().columns, [c.key]: v || undefined } })}
          />
        ))}
      </div>
      </div>
    </ListFilters>
  );
}
