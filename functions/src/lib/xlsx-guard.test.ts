import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inspectXlsxBytes } from './xlsx-guard';
import { xlsxWorkbook } from './xlsx';

/** The workbook guard on files built here: a real workbook, a renamed csv, a renamed docx, a zip bomb. */
describe('the .xlsx guard', () => {
  it('opens a real workbook and refuses a renamed csv, a zip that is not a workbook, and a zip bomb', async () => {
    // Prepare
    const workbook = await xlsxWorkbook('Accounts', [{ header: 'Contract ID' }], [[1], [2]]);
    const csv = new TextEncoder().encode('Contract ID,Amendment #\n1,1\n');
    const docx = await new JSZip().file('[Content_Types].xml', '<Types/>').file('word/document.xml', '<w/>').generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const bomb = await new JSZip()
      .file('[Content_Types].xml', '<Types/>')
      .file('xl/workbook.xml', '<workbook/>')
      .file('xl/worksheets/sheet1.xml', new Uint8Array(64 * 1024 * 1024))
      .generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    // Act / Assess
    expect(inspectXlsxBytes(new Uint8Array(workbook))).toBeNull();
    expect(inspectXlsxBytes(csv)).toBe('notXlsx');
    expect(inspectXlsxBytes(docx)).toBe('notXlsx');
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(inspectXlsxBytes(bomb)).toBe('zipBomb');
  });
});
