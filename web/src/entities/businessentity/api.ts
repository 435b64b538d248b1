import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessEntity,
  BusinessEntityCreateBody,
  BusinessEntityListBody,
  BusinessEntityUpdateBody,
  GeneratedBusinessEntityId,
} from '@eb/shared/businessentity/schemas';
import type { PagedResult } from '@eb/shared/paging';
import { endpoint, request } from '../../lib/api-client';

/**
 * The business entity calls (spec 3 section 7, spec 2 section 7 "Business entity resource"), shared
 * by the Business Entity Management screen and the Business Entity search popup of the amendment.
 * Query keys live under ['businessEntities']: a save invalidates `businessEntityKeys.all`, so every
 * list, the open entity and the change log reload.
 */
export const businessEntityKeys = {
  all: ['businessEntities'] as const,
  lists: () => [...businessEntityKeys.all, 'list'] as const,
  list: (params: BusinessEntityListParams) => [...businessEntityKeys.lists(), params] as const,
  detail: (id: number) => [...businessEntityKeys.all, 'detail', id] as const,
  generated: (nonce: string) => [...businessEntityKeys.all, 'generated', nonce] as const,
  changeLog: () => [...businessEntityKeys.all, 'changeLog'] as const,
};

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
    queryKey: businessEntityKeys.list(params),
    queryFn: ({ signal }) =>
      request<PagedResult<BusinessEntity>>(endpoint('POST', 'businessentity', 'GetList'), {
        query: { limit: params.limit, skip: params.skip, orderBy: params.orderBy, getTotalCount: true },
        body: searchBody(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET businessentity/Get?id (objectId): the entity with the version an edit starts from. */
export const businessEntityQuery = (id: number) =>
  queryOptions({
    queryKey: businessEntityKeys.detail(id),
    queryFn: ({ signal }) => request<BusinessEntity>(endpoint('GET', 'businessentity', 'Get'), { query: { id }, signal }),
    // An edit starts from the stored version: nothing replaces the form while it is open (a stale
    // save offers a reload instead), and nothing is kept once the popup closes.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * POST businessentity/Generate: the Business Entity ID of a new entity, reserved on the server when
 * a create form opens. One call per form (`nonce`), kept while the form is open.
 */
export const generatedBusinessEntityIdQuery = (nonce: string) =>
  queryOptions({
    queryKey: businessEntityKeys.generated(nonce),
    queryFn: () => request<GeneratedBusinessEntityId>(endpoint('POST', 'businessentity', 'Generate'), { notify: false }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

// The form shows the failures of its own saves (no notification).
const shownByForm = { notify: false } as const;

/** POST businessentity/Create: answers the new entity (409 when its Business Entity ID is taken). */
export const createBusinessEntity = (body: BusinessEntityCreateBody) =>
  request<BusinessEntity>(endpoint('POST', 'businessentity', 'Create'), { body, ...shownByForm });

/** PUT businessentity/Update?id: the whole entity with the version it was read at (409 when stale). */
export const updateBusinessEntity = (id: number, body: BusinessEntityUpdateBody) =>
  request<BusinessEntity>(endpoint('PUT', 'businessentity', 'Update'), { query: { id }, body, ...shownByForm });

export type SaveBusinessEntityInput =
  | { mode: 'create'; body: BusinessEntityCreateBody }
  | { mode: 'edit'; id: number; body: BusinessEntityUpdateBody };

/** Create or update a business entity; lists, entities and the change log reload. The caller shows the outcome. */
export function useSaveBusinessEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBusinessEntityInput) =>
      input.mode === 'create' ? createBusinessEntity(input.body) : updateBusinessEntity(input.id, input.body),
    onSuccess: () =>
      // the generated ids of open forms stay as they are
      void queryClient.invalidateQueries({
        queryKey: businessEntityKeys.all,
        predicate: (q) => q.queryKey[1] !== 'generated',
      }),
  });
}
