import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { workbookReader } from '../../functions/src/upload/workbook-reader';
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Amendments');
ws.addRow(['Contract ID', 'Amendment #', 'Field Name', 'New Value']);
ws.addRow([1, 2, 'Term', 12]);
ws.addRow([1, 3, 'Bad Field', 'x']);
const buf = Buffer.from(await wb.xlsx.writeBuffer());
console.log('size', buf.length);
let bad = 0, errs = 0;
const N = Number(process.env.N ?? 300);
const one = async (t: number) => {
  const parts: Buffer[] = [];
  let i = 0;
  const max = process.env.WHOLE ? 1e9 : t % 3 === 0 ? 16 : t % 3 === 1 ? 300 : 4000;
  while (i < buf.length) { const n = 1 + Math.floor(Math.random() * max); parts.push(buf.subarray(i, i + n)); i += n; }
  try {
    const slow = async function* () { for (const p of parts) { if (Math.random() < 0.3) await new Promise((r) => setTimeout(r, Math.random() * 3)); else if (Math.random() < 0.5) await new Promise((r) => setImmediate(r)); yield p; } };
    const reader = workbookReader(Readable.from(slow()));
    let header: unknown[] | null = null;
    for await (const sheet of reader) { for await (const row of sheet as AsyncIterable<ExcelJS.Row>) { header ??= (row.values as unknown[]).slice(1); } break; }
    if (!header || typeof header[0] !== 'string') { bad++; if (bad < 4) console.log('bad', t, max, JSON.stringify(header)); }
  } catch (e) { errs++; if (errs < 4) console.log('err', (e as Error).message); }
};
for (let t = 0; t < N; t += 20) await Promise.all(Array.from({ length: 20 }, (_, k) => one(t + k)));
console.log({ bad, errs, N });
