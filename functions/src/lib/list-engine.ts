/**
 * The generic list engine: the list-spec interface (list/spec.ts) and the in-memory columnar
 * engine behind it (list/engine.ts and the layers list/rows.ts names).
 */
export { ListEngine, listEngine, resetListEngines } from './list/engine';
export {
  LIST_SNAPSHOT_EVERY,
  pageParams,
  searchWords,
  type Direction,
  type ListEquals,
  type ListJoin,
  type ListNotIn,
  type ListPage,
  type ListQuery,
  type ListSpec,
  type SortValue,
} from './list/spec';
