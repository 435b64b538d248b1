import { queryOptions } from '@tanstack/react-query';
import { businessEntityKeys } from './api';
import { endpoint, request } from '../../lib/api-client';
import type { ChangeLogEntry } from '../../components/change-log';

/** A change-log entry of a business entity: the server adds the entity's businessEntityId. */
export type BusinessEntityChangeLogEntry = ChangeLogEntry & { businessEntityId?: number | null };

/**
 * GET businessentity/ChangeLogs: every business entity change, newest first. Under the shared
 * business entity keys, so a save (here or in the search popup) reloads it.
 */
export const businessEntityChangeLogQuery = () =>
  queryOptions({
    queryKey: businessEntityKeys.changeLog(),
    queryFn: ({ signal }) => request<BusinessEntityChangeLogEntry[]>(endpoint('GET', 'businessentity', 'ChangeLogs'), { signal }),
  });
