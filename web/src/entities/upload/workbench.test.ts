import { describe, expect, it } from 'vitest';
import { rowsPageOf, sendSpreadsheet, workbenchRow } from './workbench';

describe('workbenchRow', () => {
  it("reads an uploaded row and an update row, each by the spec's names, into one shape", () => {
    // Prepare
    const exceptions = [{ uiHeader: 'Term', oldValue: 'x', newValue: 'x', type: 'invalidDataTypeInteger', fixUser: null }];
    const uploaded = { objectId: 7, uploadBatchId: 3, rowNumber: 2, uploadDate: '2026-11-24T10:00:00', uploadUser: 'Ann Admin', rowState: 'validated', uploadDataRow: '{"a":1}', uploadExceptions: [] };
    const update = { objectId: 9, updateBatchId: 4, rowNumber: 5, updateDate: '2026-11-24T11:00:00', updateUser: 'Bo Admin', rowState: 'withExceptions', updateDataRow: '{"fieldName":"Term"}', updateExceptions: exceptions };
    // Act
    const a = workbenchRow(uploaded, 'upload');
    const page = rowsPageOf('update')({ data: [update], totalCount: 1 });
    // Assess
    expect(a).toEqual({ objectId: 7, batchId: 3, rowNumber: 2, date: '2026-11-24T10:00:00', user: 'Ann Admin', rowState: 'validated', dataRow: '{"a":1}', exceptions: [] });
    expect(page).toEqual({ totalCount: 1, data: [{ objectId: 9, batchId: 4, rowNumber: 5, date: '2026-11-24T11:00:00', user: 'Bo Admin', rowState: 'withExceptions', dataRow: '{"fieldName":"Term"}', exceptions }] });
  });
});

describe('sendSpreadsheet', () => {
  it('registers the file even when its post to S3 did not arrive, so that the server says why (its refusal reaches the caller)', async () => {
    // Prepare: a form whose post cannot arrive (nothing listens there), a registration that refuses
    const registered: string[] = [];
    const refusal = new Error('The file did not reach the server: upload it again.');
    const file = new File(['PK'], 'accounts.xlsx');
    // Act
    const sent = sendSpreadsheet(
      file,
      () => undefined,
      async () => ({ key: 'incoming/uploads/x.1000', url: 'http://127.0.0.1:1/nowhere', fields: {} }),
      async (key) => {
        registered.push(key);
        throw refusal;
      },
    );
    // Assess
    await expect(sent).rejects.toBe(refusal);
    expect(registered).toEqual(['incoming/uploads/x.1000']);
  });
});
