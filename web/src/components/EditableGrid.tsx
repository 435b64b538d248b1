import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { MSG } from '@eb/shared/messages';
import { ROW_ACTION_TEXTS } from './component-texts';
import { DataGrid, type DataGridProps, type GridColumn } from './DataGrid';
import { TypeaheadSelect, type TypeaheadOption } from './TypeaheadSelect';
import type { EditableRows } from './use-editable-rows';
import { useLatest } from './use-latest';

/** What a custom editor receives. */
export interface EditorContext<T> {
  row: T;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Put it on the editor's input: the grid focuses it. */
  id: string;
  /** The column header, for the editor's aria-label. */
  ariaLabel: string;
  /** 'Required' on required columns. */
  placeholder: string | undefined;
}

/**
 * How a column is edited: 'text' (InputText), a select (TypeaheadSelect over the options), a
 * custom editor (e.g. a DateInput), or false (read-only).
 */
export type EditorSpec<T> =
  | 'text'
  | { type: 'select'; options: readonly TypeaheadOption<unknown>[]; pattern?: RegExp }
  | ((context: EditorContext<T>) => ReactNode)
  | false;

export interface EditableColumn<T> {
  field: keyof T & string;
  header: string;
  /** Default 'text'. */
  editor?: EditorSpec<T>;
  /** Shows the placeholder 'Required' (validity itself is the hook's `isValid`). */
  required?: boolean;
  maxLength?: number;
  /** Shows the characters typed of maxLength under the text editor ('12/300'). */
  counter?: boolean;
  /** The rule's message for the value typed (undefined: none), shown under the text editor and read with it. */
  error?: (row: T) => string | undefined;
  /** The cell when not editing; default the value (a select column shows its option's label). */
  body?: (row: T) => ReactNode;
  sortable?: boolean;
  sortField?: string;
  width?: number | string;
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
}

export interface EditableGridProps<T extends object>
  extends Pick<
    DataGridProps<T>,
    | 'dataKey'
    | 'ariaLabel'
    | 'lazy'
    | 'totalRecords'
    | 'first'
    | 'rows'
    | 'onPage'
    | 'paginator'
    | 'rowsPerPageOptions'
    | 'sort'
    | 'onSort'
    | 'loading'
    | 'error'
    | 'onRetry'
    | 'rowClassName'
    | 'emptyMessage'
    | 'className'
    | 'fullTextSearch'
    | 'selection'
    | 'onSelectionChange'
    | 'selectionMax'
  > {
  /** The state of `useEditableRows`. */
  editable: EditableRows<T>;
  columns: readonly EditableColumn<T>[];
  /** Header content on the left (e.g. the 'Select data table' dropdown). */
  toolbar?: ReactNode;
  /** Render the single Add/Save button in the grid header (default true). */
  showPrimaryAction?: boolean;
  /**
   * The row actions (edit, restore, remove a new row) as the first column instead of the last: for
   * grids wider than the window, so that they stay in view next to the caller's own row actions.
   */
  actionsFirst?: boolean;
  /** How a row is named to assistive technology (default 'row {id}'). */
  rowLabel?: (row: T) => string;
}

const valueText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * An inline-edited grid (spec 1 "Data Administration", spec 2 "Agents grid", sub-grids) on DataGrid,
 * driven by `useEditableRows`:
 * - the single button reads 'Add' when nothing is pending and 'Save' once a row has been added or
 *   edited, disabled while the row is not valid;
 * - a click on a row (or its pencil button) opens its editors when no other row is unsaved; the
 *   first change makes it the single edited row; Esc restores its original;
 * - the new row sits on top with an X that removes it (Esc too); Enter in a text editor saves;
 * - required columns show the placeholder 'Required'.
 */
export function EditableGrid<T extends object>(props: EditableGridProps<T>) {
  const { editable, columns, toolbar, showPrimaryAction = true, actionsFirst = false, rowLabel, rowClassName, ...gridProps } = props;
  const uid = useId().replace(/:/g, '');
  const editorId = (field: string) => `eb-edit-${uid}-${field}`;
  const primaryId = `eb-edit-${uid}-primary`;
  const wrapper = useRef<HTMLDivElement>(null);
  const focusField = useRef<string | null>(null);
  const focusAfterClose = useRef<string | null>(null);
  const firstEditable = columns.find((c) => c.editor !== false);
  const labelOf = (row: T) => rowLabel?.(row) ?? `row ${valueText(row[props.dataKey])}`;
  const getRowKey = (row: T) => valueText(row[props.dataKey]);

  const focusTargets = useLatest({ editorId, firstEditable, primaryId });
  // Focus: the clicked (or first) editor when a row opens; the row's button, or Add, when it closes.
  useEffect(() => {
    const { editorId, firstEditable, primaryId } = focusTargets.current;
    if (editable.activeId !== null) {
      const field = focusField.current;
      focusField.current = null;
      const target = (field && document.getElementById(editorId(field))) || (firstEditable && document.getElementById(editorId(firstEditable.field)));
      target?.focus();
    } else if (focusAfterClose.current !== null) {
      const key = focusAfterClose.current;
      focusAfterClose.current = null;
      const target =
        wrapper.current?.querySelector<HTMLElement>(`[data-eb-row-edit="${CSS.escape(key)}"]`) ?? document.getElementById(primaryId);
      target?.focus();
    }
  }, [editable.activeId, focusTargets]); // the ids are stable for the grid's life

  const closeActive = (row: T | null) => {
    focusAfterClose.current = row && editable.rowState(row) !== 'new' ? getRowKey(row) : '';
    editable.cancel();
  };

  const activeRow = () => editable.rows.find((r) => editable.isActive(r)) ?? null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || editable.activeId === null) return;
    if (e.key === 'Escape') {
      // Esc closes the innermost thing only: the open row, never the popup around the grid.
      e.stopPropagation();
      // Esc restores an edited row (and closes a row opened without changes) and removes a new one, as its X does (issue 28)
      e.preventDefault();
      closeActive(activeRow());
    } else if (e.key === 'Enter' && (e.target as HTMLElement).classList.contains('eb-grid-editor-text') && editable.canSave) {
      e.preventDefault();
      void editable.save();
    }
  };

  const renderEditor = (col: EditableColumn<T>) => (row: T) => {
    const spec = col.editor ?? 'text';
    const value = row[col.field];
    const id = editorId(col.field);
    const placeholder = col.required ? MSG.required : undefined;
    const onChange = (v: unknown) => editable.update({ [col.field]: v } as Partial<T>);
    if (typeof spec === 'function') return spec({ row, value, onChange, id, ariaLabel: col.header, placeholder });
    if (typeof spec === 'object') {
      return (
        <TypeaheadSelect<unknown>
          inputId={id}
          aria-label={col.header}
          options={spec.options}
          pattern={spec.pattern}
          value={value}
          onChange={(v) => onChange(v)}
          placeholder={placeholder}
          required={col.required}
          className="eb-grid-editor"
          inputClassName="p-inputtext-sm"
        />
      );
    }
    // a rule's message once something is typed ('Required' stays a placeholder)
    const error = valueText(value) !== '' ? col.error?.(row) : undefined;
    const input = (
      <InputText
        id={id}
        value={valueText(value)}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={col.maxLength}
        required={col.required}
        aria-label={col.header}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        className={`p-inputtext-sm eb-grid-editor eb-grid-editor-text${error ? ' p-invalid' : ''}`}
      />
    );
    const counter = col.counter && col.maxLength ? (
      <small id={`${id}-count`} className="eb-grid-editor-counter" aria-live="polite">
        {valueText(value).length}/{col.maxLength}
      </small>
    ) : null;
    if (!col.error && !counter) return input;
    return (
      <span className="eb-grid-editor-field">
        {input}
        {counter}
        {error && (
          <small id={`${id}-error`} className="p-error eb-grid-editor-error">
            {error}
          </small>
        )}
      </span>
    );
  };

  const display = (col: EditableColumn<T>) => (row: T) => {
    if (col.body) return col.body(row);
    const spec = col.editor;
    const value = row[col.field];
    if (spec && typeof spec === 'object') return spec.options.find((o) => Object.is(o.value, value))?.label ?? valueText(value);
    return valueText(value);
  };

  const gridColumns: GridColumn<T>[] = columns.map((col) => ({
    field: col.field,
    header: col.header,
    sortable: col.sortable,
    sortField: col.sortField,
    width: col.width,
    minWidth: col.minWidth,
    align: col.align,
    body: display(col),
    editor: col.editor === false ? undefined : renderEditor(col),
  }));

  if (editable.canEdit) {
    gridColumns[actionsFirst ? 'unshift' : 'push']({
      field: 'eb-actions',
      header: <span className="p-hidden-accessible">{ROW_ACTION_TEXTS.header}</span>,
      width: 64,
      minWidth: 64,
      resizable: false,
      className: 'eb-grid-actions-col',
      body: (row) => {
        const state = editable.rowState(row);
        if (state === 'new') {
          return (
            <Button type="button" icon="pi pi-times" rounded text severity="secondary" aria-label={ROW_ACTION_TEXTS.removeNew} onClick={() => closeActive(row)} />
          );
        }
        if (state === 'edited') {
          return (
            <Button
              type="button"
              icon="pi pi-undo"
              rounded
              text
              severity="secondary"
              aria-label={ROW_ACTION_TEXTS.restore(labelOf(row))}
              data-eb-row-edit={getRowKey(row)}
              disabled={editable.saving}
              onClick={() => closeActive(row)}
            />
          );
        }
        return (
          <Button
            type="button"
            icon="pi pi-pencil"
            rounded
            text
            aria-label={ROW_ACTION_TEXTS.edit(labelOf(row))}
            aria-pressed={editable.isActive(row)}
            data-eb-row-edit={getRowKey(row)}
            disabled={editable.pending !== null || editable.saving}
            onClick={() => editable.beginEdit(row)}
          />
        );
      },
    });
  }

  const primary = editable.primaryAction;
  const primaryButton = showPrimaryAction && editable.canEdit && (
    <Button
      id={primaryId}
      type="button"
      label={primary.label}
      icon={editable.pending ? 'pi pi-check' : 'pi pi-plus'}
      size="small"
      disabled={primary.disabled}
      loading={editable.saving}
      onClick={primary.onClick}
    />
  );

  return (
    <div ref={wrapper} className="eb-editable-grid" onKeyDown={onKeyDown}>
      <DataGrid<T>
        {...gridProps}
        value={editable.rows}
        columns={gridColumns}
        header={toolbar}
        headerEnd={primaryButton || undefined}
        isRowEditing={(row) => editable.isActive(row)}
        rowLabel={labelOf}
        rowClassName={(row) => {
          const state = editable.rowState(row);
          return [
            rowClassName?.(row),
            state === 'new' ? 'eb-row-new' : undefined,
            editable.canEdit && editable.pending === null && !editable.isActive(row) ? 'eb-row-editable' : undefined,
          ]
            .filter(Boolean)
            .join(' ');
        }}
        onRowClick={(row, field) => {
          if (!editable.canEdit || editable.isActive(row)) return;
          if (field) focusField.current = field;
          if (!editable.beginEdit(row)) focusField.current = null;
        }}
      />
    </div>
  );
}
