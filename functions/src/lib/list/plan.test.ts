import { describe, expect, it } from 'vitest';
import { ListEngine } from './engine';
import type { ListQuery, ListSpec } from './spec';

/**
 * The query hints (ListQuery.equals, .range, .notIn: exact conditions the filter leaves out) answer, on random rows, before and after changes and deletions, what a naive filter and
 * sort of a plain array answers (same rows, same order, same count); a tally read after the changes
 * is what counting the rows again gives.
 */
interface Row {
  objectId: number;
  ref: number | null;
  code: string | null;
  endDate: string | null;
  flag: boolean | null;
}
const spec: ListSpec<Row> = {
  type: 'unitplan',
  project: (i) => ({ objectId: Number(i.objectId), ref: (i.ref as number | null) ?? null, code: (i.code as string | null) ?? null, endDate: (i.endDate as string | null) ?? null, flag: (i.flag as boolean | null) ?? null }),
  id: (r) => r.objectId,
  searchText: (r) => `${r.objectId} ${r.code ?? ''}`.toLowerCase(),
  sortKeys: { objectId: 'objectId', code: 'code', endDate: 'endDate', refNo: (r) => r.ref },
  defaultSort: { field: 'objectId', direction: 'Ascending' },
};

let seed = 7;
const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
const CODES = ['Enrolled', 'Pending', 'dropped', null];
const randomRow = (id: number): Row => ({
  objectId: id,
  ref: rand(10) === 0 ? null : 1 + rand(40),
  code: CODES[rand(4)]!,
  endDate: rand(8) === 0 ? null : `2026-${String(1 + rand(12)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}${rand(2) ? 'T10:00:00Z' : ''}`,
  flag: rand(5) === 0 ? null : rand(2) === 0,
});

function naive(rows: Map<number, Row>, test: (r: Row) => boolean, key: keyof Row, desc: boolean, words?: string): number[] {
  const norm = (v: unknown) => (v === null ? null : typeof v === 'string' ? v.toLowerCase() : v);
  const out = [...rows.values()].filter((r) => test(r) && (!words || `${r.objectId} ${r.code ?? ''}`.toLowerCase().split(' ').some((w) => w.startsWith(words))));
  out.sort((a, b) => {
    const va = norm(a[key]);
    const vb = norm(b[key]);
    const c = va === vb ? a.objectId - b.objectId : va === null ? 1 : vb === null ? -1 : va! < vb! ? -1 : 1;
    return c;
  });
  if (desc) out.reverse();
  return out.map((r) => r.objectId);
}

describe('query hints', () => {
  it('answer the same rows, order and count as a naive filter, through equality indexes and ranges, before and after changes', () => {
    // Prepare
    const engine = new ListEngine(spec, { snapshots: false });
    const rows = new Map<number, Row>();
    let seq = 0;
    const put = (r: Row) => {
      rows.set(r.objectId, r);
      engine.apply({ ...r, seq: ++seq });
    };
    for (let id = 1; id <= 3000; id++) put(randomRow(id));
    const check = () => {
      for (let k = 0; k < 30; k++) {
        const ref = 1 + rand(40);
        const code = CODES[rand(3)]!;
        const from = `2026-${String(1 + rand(12)).padStart(2, '0')}-01`;
        const to = `2026-${String(1 + rand(12)).padStart(2, '0')}-15`;
        const [key, field] = ([['objectId', 'objectId'], ['code', 'code'], ['endDate', 'endDate'], ['refNo', 'ref']] as const)[rand(4)]!;
        const desc = rand(2) === 1;
        const orderBy = `${key} ${desc ? 'Descending' : 'Ascending'}`;
        // [hints, the filter the query passes (the hints left out: the engine answers them), the whole condition]
        const inRange = (r: Row) => r.endDate !== null && r.endDate.slice(0, 10) >= from && r.endDate.slice(0, 10) <= to;
        const cases: [Pick<ListQuery<Row>, 'equals' | 'range' | 'notIn' | 'keyword'>, ((r: Row) => boolean) | undefined, (r: Row) => boolean][] = [
          [{ equals: { column: 'ref', value: ref } }, undefined, (r) => r.ref === ref],
          [{ equals: { column: 'code', value: code } }, (r) => r.code === code, (r) => r.code === code],
          [{ equals: { column: 'code', value: code } }, undefined, (r) => r.code === code],
          [{ equals: [{ column: 'code', value: code }, { column: 'ref', value: ref }] }, undefined, (r) => r.code === code && r.ref === ref],
          [{ equals: { column: 'code', value: 'none such' } }, undefined, () => false],
          [{ range: { column: 'endDate', from, to } }, undefined, inRange],
          [{ range: { column: 'endDate', from, to }, equals: { column: 'code', value: code } }, undefined, (r) => r.code === code && inRange(r)],
          // the equality's rows fewer than the range's: the range is tested on them
          [{ range: [{ column: 'endDate', from, to }], equals: [{ column: 'code', value: code }, { column: 'ref', value: ref }] }, undefined, (r) => r.code === code && r.ref === ref && inRange(r)],
          [{ range: { column: 'endDate', to }, keyword: '1' }, undefined, (r) => r.endDate !== null && r.endDate.slice(0, 10) <= to],
          [{ range: [{ column: 'endDate', from }, { column: 'code', from: 'e', to: 'p' }] }, undefined, (r) => r.endDate !== null && r.endDate.slice(0, 10) >= from && r.code !== null && r.code.toLowerCase() >= 'e' && r.code.toLowerCase().slice(0, 1) <= 'p'],
          [{ range: { column: 'endDate', from, to }, equals: { column: 'ref', value: ref } }, (r) => r.code !== 'Pending', (r) => r.ref === ref && inRange(r) && r.code !== 'Pending'],
          // a keyword's matches fewer than any hint's rows: the hints are tested on them
          [{ keyword: String(1 + rand(40)) }, undefined, () => true],
          [{ keyword: String(1 + rand(40)), equals: { column: 'code', value: code }, range: { column: 'endDate', from, to } }, undefined, (r) => r.code === code && inRange(r)],
          // a number's range, a flag's equality and exclusions, each also tested on another hint's rows
          [{ range: { column: 'ref', from: 10, to: 20 } }, undefined, (r) => r.ref !== null && r.ref >= 10 && r.ref <= 20],
          [{ equals: { column: 'code', value: code }, range: { column: 'ref', from: ref } }, undefined, (r) => r.code === code && r.ref !== null && r.ref >= ref],
          [{ equals: [{ column: 'code', value: code }, { column: 'flag', value: true }] }, undefined, (r) => r.code === code && r.flag === true],
          [{ equals: [{ column: 'ref', value: ref }, { column: 'flag', value: false }] }, undefined, (r) => r.ref === ref && r.flag === false],
          [{ notIn: { column: 'code', values: ['Pending', 'dropped'] } }, undefined, (r) => r.code !== 'Pending' && r.code !== 'dropped'],
          [{ notIn: { column: 'code', values: ['none such'] } }, undefined, () => true],
          [{ notIn: [{ column: 'ref', values: [ref, 1, 2] }, { column: 'code', values: ['Enrolled'] }], equals: { column: 'flag', value: true } }, undefined, (r) => r.ref !== ref && r.ref !== 1 && r.ref !== 2 && r.code !== 'Enrolled' && r.flag === true],
          [{ notIn: { column: 'code', values: [code ?? 'Enrolled'] }, range: { column: 'endDate', from, to }, keyword: '1' }, undefined, (r) => r.code !== (code ?? 'Enrolled') && inRange(r)],
        ];
        for (const [hints, filter, test] of cases) {
          // Act
          const got = engine.queryLoaded({ ...hints, filter, orderBy, skip: 2, limit: 50, getTotalCount: true });
          const ids = engine.queryLoaded({ ...hints, filter, orderBy, skip: 0, limit: 100_000 }).data.map((r) => r.objectId);
          // Assess
          const want = naive(rows, test, field, desc, hints.keyword);
          expect(ids).toEqual(want);
          expect(got.totalCount).toBe(want.length);
          expect(got.data.map((r) => r.objectId)).toEqual(want.slice(2, 52));
        }
      }
    };
    check();
    const byCode = { of: (r: Row, add: (key: string, amount: number) => void) => add(r.code ?? '(none)', (r.ref ?? 0) / 3) };
    const counted = () => {
      const want = new Map<string, { count: number; sum: number }>();
      for (const r of rows.values()) {
        const c = want.get(r.code ?? '(none)') ?? { count: 0, sum: 0 };
        want.set(r.code ?? '(none)', { count: c.count + 1, sum: c.sum + Math.round(((r.ref ?? 0) / 3) * 10_000) / 10_000 });
      }
      return [...want].map(([k, c]) => [k, c.count, c.sum.toFixed(4)]).sort();
    };
    const tallied = () => [...engine.tallyLoaded('byCode', byCode)].map(([k, c]) => [k, c.count, c.sum.toFixed(4)]).sort();
    expect(tallied()).toEqual(counted());
    // changes and deletions after the indexes, orders and tally were built
    for (let k = 0; k < 500; k++) put(randomRow(1 + rand(3500)));
    for (let k = 0; k < 200; k++) {
      const id = 1 + rand(3500);
      if (rows.delete(id)) engine.apply({ objectId: id, deleted: true, seq: ++seq });
    }
    check();
    expect(tallied()).toEqual(counted());
  });
});
