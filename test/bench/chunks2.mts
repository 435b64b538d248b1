import http from 'node:http';
import ExcelJS from 'exceljs';
import { workbookReader } from '../../functions/src/upload/workbook-reader';
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Amendments');
ws.addRow(['Contract ID', 'Amendment #', 'Field Name', 'New Value']);
ws.addRow([1, 2, 'Term', 12]);
const buf = Buffer.from(await wb.xlsx.writeBuffer());
const server = http.createServer((_q, r) => { r.writeHead(200, { 'content-length': buf.length }); r.end(buf); });
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const port = (server.address() as { port: number }).port;
const get = () => new Promise<http.IncomingMessage>((res) => http.get({ host: '127.0.0.1', port, path: '/' }, res));
let bad = 0;
const N = Number(process.env.N ?? 300), C = Number(process.env.C ?? 1);
const one = async () => {
  const reader = workbookReader(await get());
  let header: unknown[] | null = null;
  for await (const sheet of reader) { for await (const row of sheet as AsyncIterable<ExcelJS.Row>) header ??= (row.values as unknown[]).slice(1); break; }
  if (!header || typeof header[0] !== 'string') { bad++; if (bad < 3) console.log('bad', JSON.stringify(header)); }
};
for (let t = 0; t < N; t += C) await Promise.all(Array.from({ length: C }, one));
console.log({ bad, N, C });
server.close();
