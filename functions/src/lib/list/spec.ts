import { BadRequestError } from '../errors';

/**
 * What a list declares (its ListSpec) and how it is queried (ListQuery): the interface the
 * repositories use. The engine behind it (engine.ts) holds every row in memory; a search service
 * (e.g. OpenSearch fed from DynamoDB streams) could answer the same calls for a list that outgrows
 * one container (see README "List engine").
 */
export type Direction = 'Ascending' | 'Descending';
export type SortValue = string | number | boolean | null | undefined;

/**
 * A snapshot of a list's projection is written to S3 after a cold start that read the whole feed,
 * and again after this many changes: a cold start then reads at most about this many feed items
 * on top of the snapshot.
 */
export const LIST_SNAPSHOT_EVERY = 5_000;

/** The words of a text as keyword search sees them: the one splitting rule, shared/src/paging.ts. */
export { searchWords } from '@eb/shared/paging';

/**
 * Columns looked up in another list: the row's `on` column holds the other record's objectId, and
 * each of `columns` (joined name -> the other list's column) shows that record's current value (null
 * when there is none). Joined columns are read at query time, never copied into the row, so a change
 * of the other record shows at once in this list, with no fan-out writes. They can be filtered on
 * (the filter's row has them), sorted by (name them in sortKeys as a string), and, with `search`,
 * a keyword word matches a row when it matches the row's own search text or the other record's.
 */
export interface ListJoin {
  on: string;
  /** the other list's spec (a function: specs may refer to each other) */
  list: () => ListSpec<never, never>;
  columns: Record<string, string>;
  search?: boolean;
}

export interface ListSpec<Row, Own = Row> {
  type: string;
  /**
   * item (as stored) -> the row's own columns: a plain object literal of the list's columns, the same
   * shape for every row. The engine keeps it column-wise: numbers and booleans in typed arrays,
   * strings dictionary-encoded (or one reference per row when nearly every value differs).
   */
  project(item: Record<string, unknown>): Own;
  id(row: Row): number;
  /** lower-case text the keyword search looks in (the row's own columns) */
  searchText(row: Own): string;
  /**
   * API sort field name -> the column it sorts by (own or joined: the fast path, and the only way to
   * sort by a joined column), or a function of the row (case-insensitive field match)
   */
  sortKeys: Record<string, string | ((row: Row) => SortValue)>;
  defaultSort: { field: string; direction: Direction };
  joins?: ListJoin[];
  /** bump when the projection changes in a way its code text does not show (old snapshots are then ignored) */
  version?: number;
}

export interface ListQuery<Row> {
  /** a predicate on the row (it reads the columns of the row under test: do not keep it) */
  filter?: (row: Row) => boolean;
  /**
   * Keyword search: every word must start a word of the row's search text (indexed, fast), or,
   * with `fullText`, occur anywhere in it (the grid's full-text search checkbox; a scan).
   */
  keyword?: string;
  fullText?: boolean;
  /**
   * Hints (plan.ts), each a condition of the query that the filter need not test again.
   * `equals`: the rows hold exactly this value in an own column (`row[column] === value`),
   * answered from an equality index. `range`: an own column's value (as sorts compare it:
   * case-insensitive) is at least `from` and at most `to` (a string counts as within `to` when it
   * starts with it: a day takes in its times; an empty value is in no range), found by binary
   * search over the column's cached sort order. The engine starts from the smallest hint and tests
   * the others on its candidates by a column read. `notIn`: an own column's value is none of
   * `values` (an empty value is none of them); never a candidate set, it is tested by a column read
   * on the rows the other conditions leave.
   */
  equals?: ListEquals | readonly ListEquals[];
  range?: ListRange | readonly ListRange[];
  notIn?: ListNotIn | readonly ListNotIn[];
  orderBy?: string;
  skip?: number;
  limit?: number;
  getTotalCount?: boolean;
}

export interface ListEquals {
  column: string;
  value: string | number | boolean;
}
export interface ListNotIn {
  column: string;
  values: readonly (string | number | boolean)[];
}
export interface ListRange {
  column: string;
  from?: string | number;
  to?: string | number;
}

export interface ListPage<Row> {
  data: Row[];
  totalCount: number;
}

/** The API's paging query: limit, skip, orderBy ('field Ascending|Descending'), getTotalCount. */
export function pageParams(query: Record<string, string | undefined>): Pick<ListQuery<unknown>, 'skip' | 'limit' | 'orderBy' | 'getTotalCount'> {
  const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));
  const limit = num(query.limit, 100);
  const skip = num(query.skip, 0);
  if (!Number.isInteger(limit) || limit < 0 || limit > 1000) throw new BadRequestError('limit must be 0 to 1000', { limit: 'limit must be 0 to 1000' });
  if (!Number.isInteger(skip) || skip < 0) throw new BadRequestError('skip must be 0 or more', { skip: 'skip must be 0 or more' });
  return {
    limit,
    skip,
    orderBy: query.orderBy || undefined,
    getTotalCount: query.getTotalCount === undefined ? true : query.getTotalCount !== 'false',
  };
}
