import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { UPLOAD_LOAD_DEBOUNCE_MS } from '@eb/shared/constants';
import type { Job } from '@eb/shared/job/schemas';
import type { UploadedRow } from '@eb/shared/upload/schemas';
import { EMPTY_JOBS, installFakeApi, reply, sessionRoutes, userOf, type FakeRequest } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

/** The Uploader with a price report's rows (spec 3: its validated tab has no Save, Remove, template or selection). */
const row = (objectId: number, rowState: UploadedRow['rowState']): UploadedRow => ({
  objectId,
  uploadType: 'PriceReport',
  uploadBatchId: 7,
  rowNumber: objectId,
  uploadDate: '2026-11-24T14:05:09',
  uploadUser: 'Ann Admin',
  rowState,
  uploadDataRow: JSON.stringify({ accountId: 100 + objectId, contractRate: 0.1 }),
  uploadExceptions: rowState === 'withExceptions' ? [{ uiHeader: 'Contract Rate', oldValue: 'x', newValue: 'x', type: 'invalidValue' as never, fixUser: null }] : [],
});

function fakeServer() {
  return installFakeApi({
    ...sessionRoutes(userOf('superAdmin')),
    'GET /api/job': () => reply(200, EMPTY_JOBS),
    'POST /api/upload/GetBatchIds': () => reply(200, { batchIds: [7] }),
    'POST /api/upload/GetList': (req: FakeRequest) => {
      const state = (req.body as { rowState: UploadedRow['rowState'] }).rowState;
      const data = [row(state === 'validated' ? 1 : 2, state)];
      return reply(200, { data, totalCount: data.length });
    },
  });
}

/** The rows' requests (not the tabs' counts). */
const rowRequests = (api: ReturnType<typeof fakeServer>) => api.to('POST /api/upload/GetList').filter((r) => !(r.body as { rowCountOnly?: boolean }).rowCountOnly);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Uploader with a price report', { timeout: 30_000 }, () => {
  it('shows no Save, Remove, template or selection on the validated tab, and the upload date with its time; asks for the rows once, UPLOAD_LOAD_DEBOUNCE_MS after the last of quick tab changes', async () => {
    // Prepare / Act
    const api = fakeServer();
    renderApp('/enrollments/uploader?type=PriceReport');
    const grid = await screen.findByRole('table', { name: /Validated/ });
    // Assess
    expect(await within(grid).findByText('11/24/2026 14:05:09')).toBeInTheDocument();
    expect(within(grid).queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of ['Save', 'Remove', 'Download Template']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(rowRequests(api)).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Act: Exception, Validated, Exception, each within the delay of the one before
      for (const name of [/^2 Exception/, /^1 Validated/, /^2 Exception/]) {
        fireEvent.click(screen.getByRole('tab', { name }));
        await act(() => vi.advanceTimersByTimeAsync(UPLOAD_LOAD_DEBOUNCE_MS - 1));
      }
      // Assess: nothing asked while the changes came; the last tab's rows once the delay has passed
      expect(rowRequests(api)).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(rowRequests(api)).toHaveLength(2));
    expect(rowRequests(api).at(-1)!.body).toMatchObject({ rowState: 'withExceptions' });
  });

  it('lets its exceptions be chosen and validated in place', async () => {
    // Prepare
    const api = fakeServer();
    const u = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp('/enrollments/uploader?type=PriceReport&tab=1');
    const grid = await screen.findByRole('table', { name: /Exception/ });
    // Act
    await u.click(await within(grid).findByRole('checkbox', { name: /^Select / }));
    await u.click(screen.getByRole('button', { name: 'Validate' }));
    // Assess
    await waitFor(() => expect(api.to('POST /api/upload/Resolve')).toHaveLength(1));
    expect(api.to('POST /api/upload/Resolve')[0]!.body).toEqual([{ objectId: 2, exceptions: [{ uiHeader: 'Contract Rate', newValue: 'x' }] }]);
  });
});

describe('Uploader: SingleFile', { timeout: 30_000 }, () => {
  it("pages a type's section when the upload imported more rows than a page holds", async () => {
    // Prepare: a SingleFile job that imported 130 volume rows in batch 9; the fake server answers
    // a page's first row alone (the total says 130: jsdom would draw a whole page slowly)
    const job: Job = {
      jobId: 'j1', jobType: 'singleFileUpload', name: 'SingleFile upload', status: 'completed', progress: 100, created: '2026-11-27T04:00:00', updated: '2026-11-27T04:01:00', createdBy: 1,
      result: { errors: [], currentKey: null, uploadedRows: [{ uploadType: 'Volumes', uploadBatchId: 9, rowInfos: Array.from({ length: 130 }, (_, i) => i + 2) }] },
    };
    const volume = (n: number): UploadedRow => ({ ...row(n, 'imported'), uploadType: 'Volumes', uploadBatchId: 9, rowNumber: n + 2, uploadDataRow: JSON.stringify({ accountId: 4, year: 2026, month: (n % 12) + 1, volume: n }) });
    const api = installFakeApi({
      ...sessionRoutes(userOf('superAdmin')),
      'GET /api/job': () => reply(200, { ...EMPTY_JOBS, completedJobs: [job] }),
      'GET /api/upload/GetSingleFileJobs': () => reply(200, [job]),
      'POST /api/upload/GetList': (req: FakeRequest) => reply(200, { data: [volume(Number(req.query.get('skip') ?? 0))], totalCount: 130 }),
    });
    const u = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp('/enrollments/uploader?type=SingleFile');
    const section = await screen.findByRole('table', { name: 'Volumes (130)' });
    expect(await within(section).findByRole('cell', { name: '2' })).toBeInTheDocument();
    // Act: the next page
    await u.click(screen.getByRole('button', { name: /next page/i }));
    // Assess: the page from the 101st row (row 102 of the sheet) asked for and shown; the tab's count the job's
    expect(await within(section).findByRole('cell', { name: '102' })).toBeInTheDocument();
    expect(api.to('POST /api/upload/GetList').map((r) => [r.query.get('skip'), r.query.get('limit')])).toContainEqual(['100', '100']);
    expect(screen.getByRole('tab', { name: /^3 Last Save/ })).toHaveTextContent('3 Last Save(130)');
  });
});
