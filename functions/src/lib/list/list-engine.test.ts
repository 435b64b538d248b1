import { describe, expect, it } from 'vitest';
import { Column } from './columns';
import { ListEngine } from './engine';
import type { ListSpec } from './spec';

/**
 * The columnar list engine without AWS: rows are applied as feed items directly (`apply`), and
 * queries run on the loaded projection (`queryLoaded`). The feed, counter and S3 paths are covered
 * by lib/data-layer.test.ts.
 */
interface Account {
  objectId: number;
  name: string;
  status: string;
  term: number | null;
  active: boolean;
  entityRef: number | null;
}
interface Entity {
  objectId: number;
  entityNo: number;
  legalName: string;
}
type AccountRow = Account & { entityNo: number | null; legalName: string | null };

const entitySpec: ListSpec<Entity> = {
  type: 'unitentity',
  project: (i) => ({ objectId: Number(i.objectId), entityNo: Number(i.entityNo), legalName: String(i.legalName) }),
  id: (r) => r.objectId,
  searchText: (r) => `${r.entityNo} ${r.legalName}`.toLowerCase(),
  sortKeys: { entityNo: 'entityNo', legalName: 'legalName' },
  defaultSort: { field: 'entityNo', direction: 'Ascending' },
};

const accountSpec = (version = 0): ListSpec<AccountRow, Account> => ({
  type: 'unitaccount',
  version,
  project: (i) => ({
    objectId: Number(i.objectId),
    name: String(i.name),
    status: String(i.status),
    term: i.term === undefined || i.term === null ? null : Number(i.term),
    active: i.active === true,
    entityRef: i.entityRef === undefined || i.entityRef === null ? null : Number(i.entityRef),
  }),
  id: (r) => r.objectId,
  searchText: (r) => `${r.objectId} ${r.name}`.toLowerCase(),
  sortKeys: { objectId: 'objectId', name: 'name', term: (r) => r.term, legalName: 'legalName', entityNo: 'entityNo' },
  joins: [{ on: 'entityRef', list: () => entitySpec as never, columns: { entityNo: 'entityNo', legalName: 'legalName' }, search: true }],
  defaultSort: { field: 'objectId', direction: 'Ascending' },
});

let seq = 0;
const item = (fields: Record<string, unknown>) => ({ ...fields, seq: ++seq });

/** Two engines joined by `resolve` (no container registry, no AWS). */
function lists(version = 0) {
  const entities = new ListEngine(entitySpec, { snapshots: false });
  const accounts = new ListEngine(accountSpec(version), { snapshots: false, resolve: () => entities as never });
  return { entities, accounts };
}

const STATUSES = ['Pending', 'Enrolled', 'Dropped'];
function seedAccounts(accounts: ListEngine<AccountRow, Account>, n: number) {
  for (let i = 1; i <= n; i++) {
    accounts.apply(
      item({ objectId: i, name: `Harbor Bakery ${i}`, status: STATUSES[i % 3], term: i % 4 === 0 ? null : 12 * (i % 3), active: i % 5 !== 0, entityRef: null }),
    );
  }
}

const ids = (rows: { objectId: number }[]) => rows.map((r) => r.objectId);

describe('columnar store', () => {
  it('dictionary-encodes a string column of few values, keeps one string per row when nearly all differ, and numbers and booleans in typed arrays', () => {
    // Prepare
    const { accounts } = lists();
    // Act
    seedAccounts(accounts, 6000);
    // Assess
    const kinds = Object.fromEntries(accounts.describeColumns().map((c) => [c.name, c]));
    expect(kinds.status).toEqual({ name: 'status', kind: 'dict', distinct: 3 });
    expect(kinds.name!.kind).toBe('plain');
    expect(kinds.term!.kind).toBe('num');
    expect(kinds.active!.kind).toBe('bool');
    expect(kinds.entityRef!.kind).toBe('empty');
    const page = accounts.queryLoaded({ filter: (r) => r.status === 'Enrolled' && r.term === null, limit: 2, getTotalCount: true });
    expect(page.data[0]).toEqual({ objectId: 4, name: 'Harbor Bakery 4', status: 'Enrolled', term: null, active: true, entityRef: null, entityNo: null, legalName: null });
    expect(page.totalCount).toBe(500);
  });

  it('converts a column to plain values when a value of another kind arrives, keeping the earlier values', () => {
    // Prepare
    const c = new Column('mixed', 4);
    c.set(0, 5, 1);
    c.set(1, null, 2);
    // Act
    c.set(2, 'five', 3);
    // Assess
    expect(c.kind).toBe('any');
    expect([c.get(0), c.get(1), c.get(2), c.get(3)]).toEqual([5, null, 'five', undefined]);
  });

  it('tombstones a deleted row: gone from lists, counts, sort orders and the word index; its slot is reused', () => {
    // Prepare
    const { accounts } = lists();
    seedAccounts(accounts, 10);
    accounts.queryLoaded({ orderBy: 'name Descending', limit: 1 }); // a cached order to maintain
    // Act
    accounts.apply(item({ objectId: 3, deleted: true }));
    // Assess
    expect(accounts.count).toBe(9);
    expect(accounts.queryLoaded({ keyword: 'bakery 3', getTotalCount: true }).totalCount).toBe(0);
    expect(ids(accounts.queryLoaded({ orderBy: 'name Descending', limit: 100 }).data)).not.toContain(3);
    // Act: a new row takes the freed slot
    accounts.apply(item({ objectId: 11, name: 'Maple Clinic', status: 'Pending', term: 6, active: true, entityRef: null }));
    // Assess
    expect(accounts.count).toBe(10);
    expect(ids(accounts.queryLoaded({ keyword: 'map', getTotalCount: true }).data)).toEqual([11]);
    expect(ids(accounts.queryLoaded({ orderBy: 'name Descending', limit: 1 }).data)).toEqual([11]);
  });

  it('ignores an older version of a row than the one it holds', () => {
    // Prepare
    const { accounts } = lists();
    accounts.apply({ objectId: 1, name: 'New name', status: 'Pending', term: 1, active: true, entityRef: null, seq: 10 });
    // Act
    accounts.apply({ objectId: 1, name: 'Old name', status: 'Pending', term: 1, active: true, entityRef: null, seq: 9 });
    // Assess
    expect(accounts.queryLoaded({ limit: 1 }).data[0]!.name).toBe('New name');
  });
});

describe('binary snapshot', () => {
  it('round-trips the projection: rows, column encodings, word index and sort orders answer the same queries', () => {
    // Prepare
    const { accounts } = lists();
    seedAccounts(accounts, 5000);
    accounts.apply(item({ objectId: 7, deleted: true }));
    accounts.apply(item({ objectId: 9, name: 'Ünïcode Straße 9', status: 'Pending', term: 3, active: false, entityRef: 2 }));
    accounts.queryLoaded({ orderBy: 'name Descending', limit: 1 });
    const queries = [
      { keyword: 'bakery 12', orderBy: 'name Descending', limit: 20, getTotalCount: true },
      { keyword: 'straß', limit: 5, getTotalCount: true },
      { keyword: 'ery 4', fullText: true, limit: 5, getTotalCount: true },
      { filter: (r: AccountRow) => r.status === 'Dropped' && r.active, orderBy: 'term Ascending', skip: 100, limit: 10, getTotalCount: true },
      { orderBy: 'objectId Descending', skip: 4990, limit: 20, getTotalCount: true },
    ];
    const before = queries.map((q) => accounts.queryLoaded(q));
    // Act
    const bytes = accounts.encode(123, 456);
    const copy = lists().accounts;
    const safeSeq = copy.restore(bytes);
    // Assess
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(safeSeq).toBe(123);
    expect(copy.count).toBe(4999);
    expect(copy.describeColumns()).toEqual(accounts.describeColumns());
    expect(queries.map((q) => copy.queryLoaded(q))).toEqual(before);
    // and the restored projection keeps changing incrementally
    copy.apply(item({ objectId: 5001, name: 'Zulu Bakery', status: 'Pending', term: 1, active: true, entityRef: null }));
    expect(ids(copy.queryLoaded({ orderBy: 'name Descending', limit: 2 }).data)).toEqual([9, 5001]); // 'ü' sorts after 'z'
    expect(ids(copy.queryLoaded({ keyword: 'zul' }).data)).toEqual([5001]);
  });

  it('ignores a snapshot of another version of the list', () => {
    // Prepare
    const { accounts } = lists(1);
    seedAccounts(accounts, 10);
    const bytes = accounts.encode(1, 1);
    const other = lists(2).accounts;
    // Act
    const safeSeq = other.restore(bytes);
    // Assess
    expect(safeSeq).toBeUndefined();
    expect(other.count).toBe(0);
  });
});

describe('joined columns', () => {
  function joined() {
    const { entities, accounts } = lists();
    entities.apply(item({ objectId: 1, entityNo: 300, legalName: 'Zephyr Foods' }));
    entities.apply(item({ objectId: 2, entityNo: 100, legalName: 'acme Corp' }));
    entities.apply(item({ objectId: 3, entityNo: 200, legalName: 'Acme Corp' }));
    const acc = (objectId: number, name: string, entityRef: number | null) =>
      accounts.apply(item({ objectId, name, status: 'Pending', term: 12, active: true, entityRef }));
    acc(10, 'Harbor Bakery', 1);
    acc(11, 'Maple Clinic', 3);
    acc(12, 'Summit Hotel', 2);
    acc(13, 'Zephyr Garage', null);
    acc(14, 'Lakeside School', 99); // an entity that does not exist
    return { entities, accounts };
  }

  it("answers the other list's current values with each row, and null when there is none", () => {
    // Prepare
    const { entities, accounts } = joined();
    // Act
    entities.apply(item({ objectId: 1, entityNo: 300, legalName: 'Zephyr Foods Renamed' }));
    const rows = accounts.queryLoaded({ limit: 10 }).data;
    // Assess
    expect(rows.map((r) => [r.objectId, r.entityNo, r.legalName])).toEqual([
      [10, 300, 'Zephyr Foods Renamed'],
      [11, 200, 'Acme Corp'],
      [12, 100, 'acme Corp'],
      [13, null, null],
      [14, null, null],
    ]);
  });

  it('sorts by a joined column: case-insensitive values, ties by id, empty last (first when descending), current after a change', () => {
    // Prepare
    const { entities, accounts } = joined();
    // Act + Assess
    expect(ids(accounts.queryLoaded({ orderBy: 'legalName Ascending' }).data)).toEqual([11, 12, 10, 13, 14]);
    expect(ids(accounts.queryLoaded({ orderBy: 'legalName Descending' }).data)).toEqual([14, 13, 10, 12, 11]);
    expect(ids(accounts.queryLoaded({ orderBy: 'entityNo Ascending' }).data)).toEqual([12, 11, 10, 13, 14]);
    entities.apply(item({ objectId: 1, entityNo: 50, legalName: 'Able Foods' }));
    expect(ids(accounts.queryLoaded({ orderBy: 'legalName Ascending' }).data)).toEqual([10, 11, 12, 13, 14]);
    expect(ids(accounts.queryLoaded({ orderBy: 'entityNo Ascending', skip: 1, limit: 2, getTotalCount: true }).data)).toEqual([12, 11]);
  });

  it("sorts a hint's few candidates by a joined column in the joined order's order, current after a change", () => {
    // Prepare: 60 accounts over 12 entities (some joining none), 'Pending' a third of them
    const { entities, accounts } = lists();
    for (let e = 1; e <= 12; e++) entities.apply(item({ objectId: e, entityNo: (e * 7) % 5, legalName: e % 4 === 0 ? null : `Entity ${(e * 5) % 6}` }));
    for (let i = 1; i <= 60; i++) accounts.apply(item({ objectId: i, name: `Account ${i}`, status: STATUSES[i % 3], term: 12, active: true, entityRef: i % 7 === 0 ? null : 1 + (i % 13) }));
    const pending = (r: AccountRow) => r.status === 'Pending';
    const check = () => {
      for (const orderBy of ['legalName Ascending', 'legalName Descending', 'entityNo Ascending', 'entityNo Descending']) {
        // Act: the equality hint's candidates sorted by the join's ranks; the filter alone walks the joined order
        const hinted = accounts.queryLoaded({ equals: { column: 'status', value: 'Pending' }, orderBy, skip: 2, limit: 15, getTotalCount: true });
        const walked = accounts.queryLoaded({ filter: pending, orderBy, skip: 2, limit: 15, getTotalCount: true });
        // Assess
        expect(ids(hinted.data), orderBy).toEqual(ids(walked.data));
        expect(hinted.totalCount).toBe(walked.totalCount);
      }
    };
    check();
    entities.apply(item({ objectId: 5, entityNo: 9, legalName: 'Aardvark' }));
    entities.apply(item({ objectId: 6, deleted: true }));
    check();
  });

  it("matches each keyword word in the row's own words or in its joined row's, and filters on joined columns", () => {
    // Prepare
    const { entities, accounts } = joined();
    // Act + Assess
    expect(ids(accounts.queryLoaded({ keyword: 'zeph' }).data)).toEqual([10, 13]); // own (13) or entity's (10)
    expect(ids(accounts.queryLoaded({ keyword: 'acme clinic' }).data)).toEqual([11]);
    expect(ids(accounts.queryLoaded({ keyword: '200 map' }).data)).toEqual([11]);
    expect(ids(accounts.queryLoaded({ keyword: 'cme', fullText: true }).data)).toEqual([11, 12]);
    expect(ids(accounts.queryLoaded({ keyword: 'cme', fullText: false }).data)).toEqual([]);
    expect(ids(accounts.queryLoaded({ filter: (r) => r.entityNo !== null && r.entityNo >= 200 }).data)).toEqual([10, 11]);
    entities.apply(item({ objectId: 3, deleted: true }));
    expect(ids(accounts.queryLoaded({ keyword: 'acme' }).data)).toEqual([12]);
    expect(accounts.queryLoaded({ keyword: 'maple' }).data[0]!.legalName).toBeNull();
  });
});

describe('a join of a join', () => {
  it("reads, sorts and filters by a column the joined list joins in turn, current after a change at the far end", () => {
    // Prepare: meters -> accounts -> entities (an account list joining entities; a meter list joining accounts)
    const entities = new ListEngine(entitySpec, { snapshots: false });
    const accounts = new ListEngine(accountSpec(), { snapshots: false, resolve: () => entities as never });
    type Meter = { objectId: number; accountRef: number | null };
    type MeterRow = Meter & { accountName: string | null; legalName: string | null };
    const meterSpec: ListSpec<MeterRow, Meter> = {
      type: 'unitmeter',
      project: (i) => ({ objectId: Number(i.objectId), accountRef: i.accountRef === null ? null : Number(i.accountRef) }),
      id: (r) => r.objectId,
      searchText: (r) => String(r.objectId),
      sortKeys: { objectId: 'objectId', legalName: 'legalName' },
      joins: [{ on: 'accountRef', list: () => accountSpec() as never, columns: { accountName: 'name', legalName: 'legalName' } }],
      defaultSort: { field: 'objectId', direction: 'Ascending' },
    };
    const meters = new ListEngine(meterSpec, { snapshots: false, resolve: () => accounts as never });
    entities.apply(item({ objectId: 1, entityNo: 100, legalName: 'Zephyr Foods' }));
    entities.apply(item({ objectId: 2, entityNo: 200, legalName: 'Acme Corp' }));
    accounts.apply(item({ objectId: 10, name: 'Main', status: 'Pending', term: 12, active: true, entityRef: 1 }));
    accounts.apply(item({ objectId: 11, name: 'Annex', status: 'Pending', term: 12, active: true, entityRef: 2 }));
    for (const [id, account] of [[100, 10], [101, 11], [102, null]] as const) meters.apply(item({ objectId: id, accountRef: account }));
    // Act + Assess: the far column in rows, sorts and filters
    expect(meters.queryLoaded({}).data.map((r) => [r.objectId, r.accountName, r.legalName])).toEqual([
      [100, 'Main', 'Zephyr Foods'],
      [101, 'Annex', 'Acme Corp'],
      [102, null, null],
    ]);
    expect(ids(meters.queryLoaded({ orderBy: 'legalName Ascending' }).data)).toEqual([101, 100, 102]);
    expect(ids(meters.queryLoaded({ filter: (r) => r.legalName === 'Acme Corp' }).data)).toEqual([101]);
    // a rename at the far end re-sorts the nearest list
    entities.apply(item({ objectId: 1, entityNo: 100, legalName: 'Able Foods' }));
    expect(ids(meters.queryLoaded({ orderBy: 'legalName Ascending' }).data)).toEqual([100, 101, 102]);
  });
});
