import { describe, expect, it } from 'vitest';
import { sheetRows, type SheetParts, type SheetRow } from './sheet-rows';

const PARTS: SheetParts = { sharedStrings: ['Shared', { richText: [{ text: 'Rich' }] }], isDateStyle: (id) => id === 3, date1904: false };

/** A sheet's XML around `data` (the sheetData's rows). */
const sheetXml = (data: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${data}</${prefix}sheetData></${prefix}worksheet>`;

/** The rows of a sheet given in `chunks`. */
async function rowsOf(chunks: (string | Buffer)[], parts = PARTS): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(chunks, parts)) rows.push(row);
  return rows;
}

describe('sheetRows', () => {
  it('gives each cell kind its value: shared, inline and formula texts, numbers, dates by style, booleans, errors, formulas with their results', async () => {
    // Prepare
    const xml = sheetXml(
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="inlineStr"><is><t>In</t></is></c><c r="D2"><v>12.5</v></c>' +
        '<c r="E2" s="3"><v>46327</v></c><c r="F2" t="b"><v>1</v></c><c r="G2" t="e"><v>#N/A</v></c><c r="H2"><f>D2*2</f><v>25</v></c>' +
        '<c r="I2" t="str"><f>"x"&amp;A2</f><v>xShared</v></c><c r="J2" s="3"><f>E2+1</f><v>46328</v></c><c r="K2" s="5"/><c r="L2" t="d"><v>2026-11-01T00:00:00Z</v></c></row>',
    );
    // Act
    const [row] = await rowsOf([xml]);
    // Assess
    expect(row!.number).toBe(2);
    expect(row!.values.slice(1)).toEqual([
      'Shared',
      { richText: [{ text: 'Rich' }] },
      'In',
      12.5,
      new Date(Date.UTC(2026, 10, 1)),
      true,
      { error: '#N/A' },
      { formula: 'D2*2', result: 25 },
      { formula: '"x"&A2', result: 'xShared' },
      { formula: 'E2+1', result: new Date(Date.UTC(2026, 10, 2)) },
      undefined, // a styled cell without a value: none
      new Date(Date.UTC(2026, 10, 1)),
    ]);
    expect(11 in row!.values).toBe(false);
  });

  it('reads a sheet as Excel writes it: row spans, x14ac attributes, a shared formula and its followers', async () => {
    // Prepare: Excel's own markup (namespaces declared on the root, attributes of other namespaces on rows)
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac xr" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision">' +
      '<dimension ref="A1:C3"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="1" max="1" width="20" customWidth="1"/></cols>' +
      '<sheetData><row r="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c><c r="B1" s="3"><v>46327</v></c></row>' +
      '<row r="2" spans="1:3" x14ac:dyDescent="0.25"><c r="A2"><v>2</v></c><c r="B2"><v>3</v></c><c r="C2"><f t="shared" ref="C2:C3" si="0">A2*B2</f><v>6</v></c></row>' +
      '<row r="3" spans="1:3" x14ac:dyDescent="0.25"><c r="A3"><v>4</v></c><c r="B3"><v>5</v></c><c r="C3"><f t="shared" si="0"/><v>20</v></c></row></sheetData>' +
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    // Act
    const rows = await rowsOf([xml]);
    // Assess
    expect(rows.map((r) => [r.number, r.values.slice(1)])).toEqual([
      [1, ['Shared', new Date(Date.UTC(2026, 10, 1))]],
      [2, [2, 3, { formula: 'A2*B2', result: 6 }]],
      [3, [4, 5, { formula: '', result: 20 }]],
    ]);
  });

  it('keeps a character whose UTF-8 bytes two chunks share, and an inline string of several runs whole', async () => {
    // Prepare: 'Zoë' cut between the two bytes of 'ë'; an inline string in two runs with a phonetic run
    const bytes = Buffer.from(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Zoë</t></is></c><c r="B1" t="inlineStr"><is><r><t>Bold </t></r><r><t>plain</t></r><rPh><t>ふりがな</t></rPh></is></c></row>'));
    const cut = bytes.indexOf(Buffer.from('ë')) + 1;
    // Act
    const [row] = await rowsOf([bytes.subarray(0, cut), bytes.subarray(cut)]);
    // Assess
    expect(row!.values.slice(1)).toEqual(['Zoë', 'Bold plain']);
  });

  it('places cells and rows without references after the ones before them, and reads elements with a namespace prefix', async () => {
    // Prepare: no r attributes, the x: prefix (as some producers write)
    const xml = sheetXml('<x:row><x:c t="inlineStr"><x:is><x:t>A</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c></x:row><x:row r="4"><x:c r="C4"><x:v>3</x:v></x:c><x:c><x:v>4</x:v></x:c></x:row><x:row/>', 'x:');
    // Act
    const rows = await rowsOf([xml]);
    // Assess
    expect(rows.map((r) => [r.number, r.values.slice(1)])).toEqual([
      [1, ['A', 2]],
      [4, [undefined, undefined, 3, 4]],
      [5, []],
    ]);
  });

  it('decodes a text\'s entities once ("&amp;lt;" is the text "&lt;"), and converts dates of the 1904 system', async () => {
    // Prepare
    const xml = sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>&amp;lt;b&amp;gt; &lt;</t></is></c><c r="B1" s="3"><v>0</v></c></row>');
    // Act
    const [row] = await rowsOf([xml], { ...PARTS, date1904: true });
    // Assess
    expect(row!.values.slice(1)).toEqual(['&lt;b&gt; <', new Date(Date.UTC(1904, 0, 1))]);
  });

  it('fails on a sheet cut short instead of ending with the rows read so far', async () => {
    // Prepare
    const xml = sheetXml('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>');
    const cut = xml.slice(0, xml.indexOf('<row r="2">') + 20);
    // Act
    const read = rowsOf([cut]);
    // Assess
    await expect(read).rejects.toThrow();
  });
});
