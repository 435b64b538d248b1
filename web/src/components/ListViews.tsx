import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SAVED_VIEW_NAME_MAX_LENGTH, type SavedViewList } from '@eb/shared/users/views';
import { MSG } from '@eb/shared/messages';
import { deleteView, saveView, savedViewsQuery } from '../lib/saved-views';
import { LIST_VIEW_TEXTS as T } from './component-texts';
import { useConfirm } from './confirm-context';
import { useNotify } from './notify-context';
import { Popup } from './Popup';
import './list-views.css';

export interface ListViewsProps {
  list: SavedViewList;
  /** Every column of the grid, in its order. */
  columns: readonly { field: string; header: string }[];
  /** The visible ones. */
  visible: readonly string[];
  onVisibleChange: (fields: string[]) => void;
  /** The page's URL query now (what a view saves). */
  query: () => string;
  /** Open a saved view (its URL query). */
  onApply: (query: string) => void;
}

/**
 * A list page's saved views and column chooser: 'Views' picks a saved view (its filters, sort and
 * columns: the page's URL query), 'Save view' names the current one (a name saved again is
 * replaced), 'Delete view' removes the picked one after a question; 'Columns' shows or hides each
 * column (at least one stays).
 */
export function ListViews(props: ListViewsProps) {
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQuery(props.list));
  const [picked, setPicked] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const chooser = useRef<OverlayPanel>(null);
  // the view shown: the one picked, else the saved one the page's query is
  const current = picked ?? views.data?.find((v) => v.query === props.query())?.name ?? null;

  const store = (next: unknown) => queryClient.setQueryData(savedViewsQuery(props.list).queryKey, next as never);
  const save = async () => {
    setBusy(true);
    try {
      store(await saveView({ list: props.list, name: name.trim(), query: props.query(), columns: [...props.visible] }));
      setPicked(name.trim());
      setNaming(false);
      notify.success(T.saved(name.trim()));
    } catch {
      // the API client notified the failure
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!current || !(await confirm({ message: T.deleteConfirm(current), header: T.deleteTitle, danger: true }))) return;
    try {
      store(await deleteView(props.list, current));
      setPicked(null);
    } catch {
      // the API client notified the failure
    }
  };
  const toggle = (field: string, on: boolean) => {
    const next = props.columns.map((c) => c.field).filter((f) => (f === field ? on : props.visible.includes(f)));
    if (next.length) props.onVisibleChange(next);
  };

  return (
    <div className="eb-list-views" role="group" aria-label={T.group}>
      <Dropdown
        value={current}
        options={(views.data ?? []).map((v) => ({ label: v.name, value: v.name }))}
        onChange={(e) => {
          const view = views.data?.find((v) => v.name === e.value);
          setPicked(e.value as string);
          if (view) props.onApply(view.query);
        }}
        placeholder={T.views}
        emptyMessage={T.none}
        aria-label={T.views}
        className="eb-list-views__pick"
      />
      <Button type="button" label={T.save} icon="pi pi-bookmark" size="small" text onClick={() => { setName(current ?? ''); setNaming(true); }} />
      <Button type="button" icon="pi pi-trash" size="small" text severity="danger" aria-label={T.delete} disabled={!current} onClick={() => void remove()} />
      <Button type="button" label={T.columns} icon="pi pi-table" size="small" text aria-haspopup="dialog" onClick={(e) => chooser.current?.toggle(e)} />
      <OverlayPanel ref={chooser} className="eb-list-views__chooser" aria-label={T.columns}>
        <fieldset>
          <legend>{T.columns}</legend>
          {props.columns.map((c) => {
            const on = props.visible.includes(c.field);
            return (
              <label key={c.field} className="eb-list-views__column">
                <Checkbox checked={on} disabled={on && props.visible.length === 1} onChange={(e) => toggle(c.field, e.checked === true)} aria-label={c.header} />
                <span>{c.header}</span>
              </label>
            );
          })}
        </fieldset>
      </OverlayPanel>
      {naming && (
        <Popup visible header={T.saveTitle} onClose={() => setNaming(false)} style={{ width: 'min(26rem, 95vw)' }}>
          <form
            className="eb-list-views__form"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) void save();
            }}
          >
            <label htmlFor={`view-name-${props.list}`}>{T.name}</label>
            <InputText
              id={`view-name-${props.list}`}
              value={name}
              autoFocus
              maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
              placeholder={MSG.required}
              onChange={(e) => setName(e.target.value)}
            />
            <div className="eb-form-footer">
              <Button type="button" label={T.cancel} outlined onClick={() => setNaming(false)} />
              <Button type="submit" label={T.save} icon="pi pi-check" disabled={!name.trim()} loading={busy} />
            </div>
          </form>
        </Popup>
      )}
    </div>
  );
}
