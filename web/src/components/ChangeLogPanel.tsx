import { useId, useMemo, useState, type ReactNode } from 'react';
import { Panel, type PanelHeaderTemplateOptions } from 'primereact/panel';
import { Badge } from 'primereact/badge';
import { ProgressSpinner } from 'primereact/progressspinner';
import { CHANGE_LOG_COLUMNS, CHANGE_LOG_TITLE, KIT_TEXTS, NO_RECORDS_FOUND } from './component-texts';
import { formatLogValue, groupChangeLog, type ChangeLogEntry, type ChangeLogItem } from './change-log';
import './change-log-panel.css';

export interface ChangeLogPanelProps {
  /** The flat entries as the server sends them (undefined while not loaded). */
  entries: readonly ChangeLogEntry[] | undefined;
  loading?: boolean;
  /** Labels of field names ('billMethodId' -> 'Bill Method'); others are humanized. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** Labels of entity types, over the defaults (CHANGE_LOG_ENTITY_LABELS). */
  entityLabels?: Readonly<Record<string, string>>;
  /** Shows a logged value (e.g. a reference id as its name); default: text, dates as MM/dd/yyyy. */
  formatValue?: (value: ChangeLogEntry['oldValue'], fieldName: string, entry: ChangeLogEntry) => ReactNode;
  /** Start expanded (default: collapsed). */
  defaultExpanded?: boolean;
  /** Default 'CHANGE LOG'. */
  title?: string;
  className?: string;
}

const ACTION_ICONS: Record<ChangeLogItem['action'], string> = {
  added: 'pi pi-plus',
  updated: 'pi pi-pencil',
  deleted: 'pi pi-trash',
};

/**
 * The collapsible CHANGE LOG section (spec 1 "Change log display", shared by all areas). It groups
 * the server's flat entries per change event; each item reads: user name, 'created' / 'made
 * changes' / 'deleted', the entity, and the local date (MM/dd/yyyy h:mm AM/PM). Updates list
 * Field, Original Value and New Value. Field names of participant, crm and file entities are
 * prefixed (participant, crm, docs), and with c or a when the parent is a contract or an account
 * ('c.participant: First Name'; see `formatFieldName`). When there are no entries the header says
 * 'No records found.' and the section cannot be expanded.
 */
export function ChangeLogPanel(props: ChangeLogPanelProps) {
  const { entries, loading = false, fieldLabels, entityLabels } = props;
  const id = `eb-changelog-${useId().replace(/:/g, '')}`;
  const items = useMemo(() => groupChangeLog(entries ?? [], { fieldLabels, entityLabels }), [entries, fieldLabels, entityLabels]);
  const [collapsedState, setCollapsed] = useState(!props.defaultExpanded);
  const empty = items.length === 0;
  const collapsed = empty || collapsedState;
  const title = props.title ?? CHANGE_LOG_TITLE;

  const show = (value: ChangeLogEntry['oldValue'], fieldName: string, entry: ChangeLogEntry): ReactNode => {
    const shown = props.formatValue ? props.formatValue(value, fieldName, entry) : formatLogValue(value);
    return shown === '' || shown === null || shown === undefined ? (
      <span className="eb-changelog__none" aria-label={KIT_TEXTS.empty}>
        —
      </span>
    ) : (
      shown
    );
  };

  const header = (options: PanelHeaderTemplateOptions) => (
    <div className={`${options.className} eb-changelog__header`}>
      <button
        type="button"
        id={`${id}_header`}
        className="eb-changelog__toggle"
        aria-expanded={!collapsed}
        aria-controls={`${id}_content`}
        disabled={empty}
        onClick={(e) => options.onTogglerClick(e)}
      >
        <i className={`pi ${collapsed ? 'pi-chevron-right' : 'pi-chevron-down'} eb-changelog__chevron`} aria-hidden="true" />
        <span className="eb-changelog__title">{title}</span>
        <span className="eb-changelog__status">
          {loading && empty ? (
            <ProgressSpinner style={{ width: '1rem', height: '1rem' }} strokeWidth="6" aria-label={KIT_TEXTS.loading} />
          ) : empty ? (
            NO_RECORDS_FOUND
          ) : (
            <Badge value={items.length} severity="secondary" aria-label={`${items.length} changes`} />
          )}
        </span>
      </button>
    </div>
  );

  return (
    <Panel
      id={id}
      className={['eb-changelog', props.className].filter(Boolean).join(' ')}
      toggleable
      collapsed={collapsed}
      onToggle={(e) => !empty && setCollapsed(e.value)}
      headerTemplate={header}
    >
      {/* scrolls on its own: focusable, so that the keyboard can scroll it too (WCAG) */}
      <ol className="eb-changelog__list" tabIndex={0} aria-label={title}>
        {items.map((item) => (
          <li key={item.eventId} className={`eb-changelog__item eb-changelog__item--${item.action}`}>
            <div className="eb-changelog__headline">
              <span className="eb-changelog__icon" aria-hidden="true">
                <i className={ACTION_ICONS[item.action]} />
              </span>
              <span className="eb-changelog__user">{item.user}</span> <span className="eb-changelog__verb">{item.verb}</span>{' '}
              <span className="eb-changelog__entity">
                {item.entityLabel}
                {item.entityName !== null ? (
                  <span className="eb-changelog__entity-name"> {item.entityName}</span>
                ) : (
                  item.entityId !== null && <span className="eb-changelog__entity-id"> #{item.entityId}</span>
                )}
              </span>{' '}
              <time className="eb-changelog__date" dateTime={item.date}>
                {item.dateText}
              </time>
            </div>
            {item.action === 'updated' && item.fields.length > 0 && (
              <table className="eb-changelog__table">
                <thead>
                  <tr>
                    <th scope="col">{CHANGE_LOG_COLUMNS.field}</th>
                    <th scope="col">{CHANGE_LOG_COLUMNS.oldValue}</th>
                    <th scope="col">{CHANGE_LOG_COLUMNS.newValue}</th>
                  </tr>
                </thead>
                <tbody>
                  {item.fields.map((f) => (
                    <tr key={f.key}>
                      <th scope="row">
                        {f.prefix && <span className="eb-changelog__prefix">{f.prefix}: </span>}
                        {f.label}
                      </th>
                      <td>{show(f.oldValue, f.fieldName, f.entry)}</td>
                      <td>{show(f.newValue, f.fieldName, f.entry)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
