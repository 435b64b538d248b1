import { z } from 'zod';
import { CHILD_DELETE_MAX } from './constants';
import { versionSchema } from './field-rules';
import { MSG } from './messages';
import { type PagedResult, type SortDirection } from './paging';
import { pageQuerySchema } from './page-query';
import { res, type NoContent, type Resource } from './route-def';
import type { Access } from './roles';
import { idQuerySchema } from './validation';

/**
 * Child records (ARCHITECTURE "Child records"): the versioned records a parent holds in its grids
 * (a contact's addresses, phones and emails; a contract's participants, CRM notes, documents; ...).
 * A child kind is declared once with `defineChildKind`; its call bodies, its four routes
 * (`childRoutes`: Get{Name}List, {Name}Add, {Name}Update, {Name}Delete) and, on the server
 * (functions/src/lib/child-records.ts), its versioned writes, change-log events and lists follow.
 */

/** A reference to another record by its objectId ({ objectId }). */
export const objectRefSchema = z.object({
  objectId: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
});
export type ObjectRef = z.infer<typeof objectRefSchema>;


/** The parent of child kinds: whose Lambda serves them, how they name it, who may read and change them. */
export interface ParentSpec<R extends Resource = Resource, Ref extends string = string, Read extends Access = Access, Write extends Access = Access> {
  /** the resource (Lambda) that serves the parent's and its children's calls */
  resource: R;
  /** the parent's change-log entity ('primaryContact', 'contract', 'account') */
  type: string;
  /** the field naming the parent in its children's calls and answers: { [ref]: { objectId } } */
  ref: Ref;
  /** the parent's letter before its children's field names in its change log ('c' contract, 'a' account) */
  logPrefix?: string;
  read: Read;
  write: Write;
}

export interface ChildKindSpec<N extends string, P extends ParentSpec, S extends z.ZodRawShape, A extends Partial<ChildActionNames> = Record<never, never>> {
  /** the stem of its action names: Get{name}List, {name}Add, {name}Update, {name}Delete */
  name: N;
  /** its change-log entity ('address', 'participant', ...) */
  entity: string;
  parent: P;
  /** the rules of its fields, in the form's order; these are its logged and compared fields */
  shape: S;
  /** rules across fields (added to the field rules of every body) */
  refine?(value: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx): void;
  /** the fields its list sorts by, and its default sort */
  sortFields: readonly string[];
  defaultSort: { field: string; direction: SortDirection };
  /** the prefix of its field names in the parent's change log (spec: participant, crm, docs) */
  logPrefix?: string;
  /** the field naming a record as users know it in the change log ('phoneNumber'); else its number */
  labelField?: keyof S & string;
  /** the spec's own names of its calls, where they differ from Get{name}List, {name}Add, ... */
  actions?: A;
}

/** The action names of a child kind's four calls. */
export interface ChildActionNames {
  list: string;
  add: string;
  update: string;
  /** false: its records are never deleted (CRM notes, an audit trail) */
  delete: string | false;
}

/** A child kind's action names: the declared ones, else Get{name}List, {name}Add, {name}Update, {name}Delete. */
export const childActionNames = (kind: { name: string; actions?: Partial<ChildActionNames> }): ChildActionNames => ({
  list: kind.actions?.list ?? `Get${kind.name}List`,
  add: kind.actions?.add ?? `${kind.name}Add`,
  update: kind.actions?.update ?? `${kind.name}Update`,
  delete: kind.actions?.delete ?? `${kind.name}Delete`,
});

/** The literal action names of a declared kind (for the route table's types). */
export type ActionsOf<K extends { name: string; actions?: Partial<ChildActionNames> }> = {
  list: NonNullable<K['actions']> extends { list: infer L extends string } ? L : `Get${K['name']}List`;
  add: NonNullable<K['actions']> extends { add: infer L extends string } ? L : `${K['name']}Add`;
  update: NonNullable<K['actions']> extends { update: infer L extends string } ? L : `${K['name']}Update`;
  delete: NonNullable<K['actions']> extends { delete: false } ? false : NonNullable<K['actions']> extends { delete: infer L extends string } ? L : `${K['name']}Delete`;
}

/** A declared child kind: the declaration and everything derived from it. */
export interface ChildKind<N extends string, P extends ParentSpec, S extends z.ZodRawShape, A extends Partial<ChildActionNames> = Record<never, never>> extends ChildKindSpec<N, P, S, A> {
  /** the field names, in the form's order */
  fields: (keyof z.output<z.ZodObject<S>> & string)[];
  fieldsSchema: z.ZodType<z.output<z.ZodObject<S>>>;
  /** {Name}Add: the fields and { [ref]: { objectId } } */
  addBodySchema: z.ZodType<z.output<z.ZodObject<S>> & { [K in P['ref']]: ObjectRef }>;
  /** {Name}Update?id: the fields and the version read */
  updateBodySchema: z.ZodType<z.output<z.ZodObject<S>> & { version: number }>;
  /** {Name}Delete: [{ objectId, version? }], distinct, at most CHILD_DELETE_MAX */
  deleteBodySchema: typeof childDeleteBodySchema;
  /** Get{Name}List: { [ref]: { objectId } } */
  listBodySchema: z.ZodType<{ [K in P['ref']]: ObjectRef }>;
  /** the prefix its field names show in the parent's change log ('c.participant'), '' for none */
  fieldPrefix: string;
}
export type AnyChildKind = ChildKind<string, any, any, any>;

/** A child kind's fields. */
export type ChildFields<K extends AnyChildKind> = K extends ChildKind<string, any, infer S> ? z.output<z.ZodObject<S>> : never;
/** A child record as the calls answer it: its fields (empty is null), objectId, version and its parent. */
export type ChildRecord<K extends AnyChildKind> = ChildFields<K> & { objectId: number; version: number } & {
  [R in K['parent']['ref']]: ObjectRef;
};

/** The body of every {Name}Delete: [{ objectId, version? }], all or nothing. */
export const childDeleteBodySchema = z
  .array(objectRefSchema.extend({ version: versionSchema.optional() }), { error: MSG.invalidInput })
  .min(1, MSG.invalidInput)
  .max(CHILD_DELETE_MAX, MSG.tooManyToDelete)
  .refine((items) => new Set(items.map((i) => i.objectId)).size === items.length, MSG.duplicateInList);
export type ChildDeleteBody = z.infer<typeof childDeleteBodySchema>;

/** The change-log prefix of a child's fields: the parent's letter and the kind's prefix, joined by '.'. */
export const childFieldPrefix = (parentPrefix: string | undefined, kindPrefix: string | undefined): string =>
  [parentPrefix, kindPrefix].filter(Boolean).join('.');

/** Declare a child kind: its bodies' schemas and change-log prefix follow from the declaration. */
export function defineChildKind<const N extends string, const P extends ParentSpec, S extends z.ZodRawShape, const A extends Partial<ChildActionNames> = Record<never, never>>(
  spec: ChildKindSpec<N, P, S, A>,
): ChildKind<N, P, S, A> {
  type F = z.output<z.ZodObject<S>>;
  const refined = <T extends z.ZodType>(schema: T): T => (spec.refine ? (schema.superRefine((v, ctx) => spec.refine!(v as never, ctx)) as unknown as T) : schema);
  const ref = { [spec.parent.ref]: objectRefSchema } as Record<P['ref'], typeof objectRefSchema>;
  return {
    ...spec,
    fields: Object.keys(spec.shape) as (keyof F & string)[],
    fieldsSchema: refined(z.object(spec.shape)) as unknown as z.ZodType<F>,
    addBodySchema: refined(z.object({ ...spec.shape, ...ref })) as unknown as ChildKind<N, P, S, A>['addBodySchema'],
    updateBodySchema: refined(z.object({ ...spec.shape, version: versionSchema })) as unknown as ChildKind<N, P, S, A>['updateBodySchema'],
    deleteBodySchema: childDeleteBodySchema,
    listBodySchema: z.object(ref) as unknown as ChildKind<N, P, S, A>['listBodySchema'],
    fieldPrefix: childFieldPrefix(spec.parent.logPrefix, spec.logPrefix),
  };
}

/**
 * The route-table entries of a child kind, on its parent's resource: list and read with the parent's
 * read access, add, update and delete with its write access.
 */
export function childRoutes<N extends string, P extends ParentSpec, S extends z.ZodRawShape, A extends Partial<ChildActionNames>>(kind: ChildKind<N, P, S, A>) {
  type K = ChildKind<N, P, S, A>;
  const resource: P['resource'] = kind.parent.resource;
  const read: P['read'] = kind.parent.read;
  const write: P['write'] = kind.parent.write;
  const a = childActionNames(kind) as ActionsOf<K>;
  const routes = [
    { method: 'POST', resource, action: a.list, access: read, query: pageQuerySchema, body: kind.listBodySchema, response: res<PagedResult<ChildRecord<K>>>() },
    { method: 'POST', resource, action: a.add, access: write, body: kind.addBodySchema, response: res<ChildRecord<K>>() },
    { method: 'PUT', resource, action: a.update, access: write, query: idQuerySchema, body: kind.updateBodySchema, response: res<ChildRecord<K>>() },
  ] as const;
  const remove = { method: 'DELETE', resource, action: a.delete as Exclude<ActionsOf<K>['delete'], false>, access: write, body: kind.deleteBodySchema, response: res<NoContent>() } as const;
  return (a.delete === false ? routes : [...routes, remove]) as ActionsOf<K>['delete'] extends false ? typeof routes : readonly [...typeof routes, typeof remove];
}
