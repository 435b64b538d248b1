import { useRef, useState, type DragEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { FILE_SIZE_LIMIT_MB } from '@eb/shared/constants';
import { DOCUMENT_ACCEPT, megabytes, type DocumentRecord } from '@eb/shared/file/schemas';
import { MSG } from '@eb/shared/messages';
import { formatDisplayDate } from '@eb/shared/formats';
import { remainingBytes, reloadDocuments, type DocumentCalls, type UploadProgress } from '../lib/documents';
import { DOCUMENT_PANEL_TEXTS as T } from './component-texts';
import { useConfirm } from './confirm-context';
import { DataGrid, type GridColumn } from './DataGrid';
import { useNotify } from './notify-context';
import { Popup } from './Popup';
import './documents-panel.css';

/**
 * A record's documents (spec 2 "Documents popup", section 5 "Documents"): the list (file name,
 * upload date, size), a download of each for staff (opens in this window), delete after 'Are you
 * sure you want to delete this document?', and 'Upload Documents', the popup with 'Choose File to
 * Upload', drag and drop, the remaining size in Mb and the progress of each file. Files refused
 * (type, total size: the spec's text) are reported as errors; the others go straight to S3.
 */
export function DocumentsPanel({ calls, parentId, canEdit, canDownload }: { calls: DocumentCalls; parentId: number; canEdit: boolean; canDownload: boolean }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const list = useQuery(calls.list(parentId));
  const docs = list.data ?? [];
  const [popup, setPopup] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  const remove = async (doc: DocumentRecord) => {
    // spec 2 "Documents popup": the confirmation is titled with the question; the document named below it
    if (!(await confirm({ message: doc.fileName, header: MSG.documentDeleteConfirm, danger: true }))) return;
    setBusy(doc.objectId);
    try {
      await calls.remove(parentId, doc);
      notify.success(MSG.allChangesSavedShort);
    } catch {
      // the API client notified the failure
    } finally {
      setBusy(null);
      void reloadDocuments(queryClient, calls);
    }
  };

  const columns: GridColumn<DocumentRecord>[] = [
    {
      field: 'fileName',
      header: T.fileName,
      body: (d) =>
        canDownload ? (
          <Button type="button" link className="eb-documents__name" label={d.fileName} aria-label={`${T.download} ${d.fileName}`} onClick={() => void calls.download(d).catch(() => undefined)} />
        ) : (
          d.fileName
        ),
    },
    { field: 'uploadDate', header: T.uploadDate, width: 140, body: (d) => formatDisplayDate(d.uploadDate) },
    { field: 'size', header: T.size, width: 110, align: 'right', body: (d) => `${Math.max(0.01, megabytes(d.size))} Mb` },
    ...(canEdit
      ? [
          {
            field: 'objectId',
            header: T.delete,
            width: 80,
            align: 'center',
            body: (d: DocumentRecord) => (
              <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`${T.delete} ${d.fileName}`} loading={busy === d.objectId} onClick={() => void remove(d)} />
            ),
          } satisfies GridColumn<DocumentRecord>,
        ]
      : []),
  ];

  return (
    <section className="eb-documents" aria-label={T.title}>
      <div className="eb-documents__bar">
        <span className="eb-documents__remaining">{T.remaining(megabytes(remainingBytes(docs)))}</span>
        {canEdit && <Button type="button" label={T.upload} icon="pi pi-upload" size="small" onClick={() => setPopup(true)} />}
      </div>
      <DataGrid<DocumentRecord>
        ariaLabel={T.title}
        value={docs}
        totalRecords={docs.length}
        loading={list.isFetching && !list.data}
        columns={columns}
        dataKey="objectId"
        emptyMessage={T.none}
        paginator={false}
        className="eb-list-grid eb-documents__grid"
      />
      {popup && <UploadPopup calls={calls} parentId={parentId} stored={docs} onClose={() => setPopup(false)} />}
    </section>
  );
}

function UploadPopup({ calls, parentId, stored, onClose }: { calls: DocumentCalls; parentId: number; stored: readonly DocumentRecord[]; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  const send = async (files: File[]) => {
    if (files.length === 0 || uploading) return;
    setUploading(true);
    setProgress([]);
    try {
      const result = await calls.upload(parentId, files, stored, (p) =>
        setProgress((all) => [...all.filter((x) => x.fileName !== p.fileName), p]),
      );
      for (const r of result.refused) notify.error(`${r.fileName}: ${r.reason}`);
      if (result.uploaded.length) notify.success(T.uploaded(result.uploaded.length));
    } catch {
      // the API client notified the failure
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
      void reloadDocuments(queryClient, calls);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send(Array.from(e.dataTransfer.files));
  };

  return (
    <Popup visible header={T.upload} onClose={onClose} className="eb-documents-popup" style={{ width: 'min(36rem, 95vw)' }}>
      <div
        className={['eb-documents__drop', dragging ? 'eb-documents__drop--over' : ''].join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <i className="pi pi-cloud-upload" aria-hidden="true" />
        <p>{T.dropHere}</p>
        <input
          ref={input}
          id={`documents-${parentId}-files`}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="eb-documents__input"
          aria-label={T.choose}
          tabIndex={-1}
          onChange={(e) => void send(Array.from(e.target.files ?? []))}
        />
        <Button type="button" label={T.choose} icon="pi pi-paperclip" loading={uploading} onClick={() => input.current?.click()} />
        <p className="eb-documents__remaining">{T.remaining(megabytes(remainingBytes(stored)))} {T.ofLimit(FILE_SIZE_LIMIT_MB)}</p>
        <p className="eb-documents__types">{T.types}</p>
      </div>
      {progress.length > 0 && (
        <ul className="eb-documents__progress" aria-label={T.progress}>
          {progress.map((p) => (
            <li key={p.fileName}>
              <span className="eb-documents__progress-name">
                {p.fileName} <span>{Math.round(p.done * 100)}%</span>
              </span>
              <ProgressBar value={Math.round(p.done * 100)} showValue={false} aria-label={`${p.fileName} ${Math.round(p.done * 100)}%`} />
            </li>
          ))}
        </ul>
      )}
      <div className="eb-form-footer">
        <Button type="button" label={T.close} outlined onClick={onClose} disabled={uploading} />
      </div>
    </Popup>
  );
}
