import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessEntityCreateBody, BusinessEntityListBody, BusinessEntityUpdateBody } from '@eb/shared/business-entity/schemas';
import { call, endpoint } from '../../lib/api-client';
import { invalidateRoutes, routeQuery } from '../../lib/queries';

/**
 * The business entity calls (spec 3 section 7, spec 2 section 7 "Business entity resource"), shared
 * by the Business Entity Management screen and the Business Entity search popup of the amendment.
 * Queries are keyed by the route table (lib/queries.ts): a save reloads every ['businessentity']
 * query (lists, change log) except the pinned ones (the ids reserved by open forms, the entity an
 * open edit started from).
 */

/** A list request: the search body's fields and the page. */
export interface BusinessEntityListParams extends BusinessEntityListBody {
  skip: number;
  limit: number;
  /** 'businessEntityId Ascending', 'legalName Descending', ... */
  orderBy: string;
}

/** Leaves out empty filters, so equal searches share a cache entry and the body stays small. */
function searchBody(params: BusinessEntityListParams): BusinessEntityListBody {
  const body: BusinessEntityListBody = {};
  if (params.businessEntityId != null) body.businessEntityId = params.businessEntityId;
  if (typeof params.keyword === 'string' && params.keyword.trim()) body.keyword = params.keyword.trim();
  if (params.fullText) body.fullText = true;
  if (params.companyType != null) body.companyType = params.companyType;
  if (params.type != null) body.type = params.type;
  if (params.status) body.status = params.status;
  return body;
}

/** POST businessentity/GetList?limit&skip&orderBy&getTotalCount with the search body: a page and the total. */
export const businessEntityListQuery = (params: BusinessEntityListParams) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'businessentity', 'GetList'), {
      query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
      body: searchBody(params),
    }),
    placeholderData: keepPreviousData,
  });

/**
 * GET businessentity/Get?id (objectId): the entity with the version an edit starts from. Pinned:
 * nothing replaces the form while it is open (a stale save offers a reload instead), and nothing is
 * kept once the popup closes.
 */
export const businessEntityQuery = (id: number) => routeQuery(endpoint('GET', 'businessentity', 'Get'), { query: { id } }, { pinned: true });

/**
 * POST businessentity/Generate: the Business Entity ID of a new entity, reserved on the server when
 * a create form opens. One call per form (`nonce`), kept while the form is open.
 */
export const generatedBusinessEntityIdQuery = (nonce: string) =>
  queryOptions({
    ...routeQuery(endpoint('POST', 'businessentity', 'Generate'), {}, { pinned: true, scope: nonce, notify: false }),
    retry: false,
  });

// The form shows the failures of its own saves (no notification).
const shownByForm = { notify: false } as const;

export type SaveBusinessEntityInput =
  | { mode: 'create'; body: BusinessEntityCreateBody }
  | { mode: 'edit'; id: number; body: BusinessEntityUpdateBody };

/** Create or update a business entity; lists and the change log reload. The caller shows the outcome. */
export function useSaveBusinessEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBusinessEntityInput) =>
      input.mode === 'create'
        ? call(endpoint('POST', 'businessentity', 'Create'), { body: input.body, ...shownByForm })
        : call(endpoint('PUT', 'businessentity', 'Update'), { query: { id: input.id }, body: input.body, ...shownByForm }),
    onSuccess: () => void invalidateRoutes(queryClient, [['businessentity']]),
  });
}
