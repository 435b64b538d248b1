import { endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';
import type { ChangeLogEntry } from '../../components/change-log';

/** A change-log entry of a business entity: the server adds the entity's businessEntityId. */
export type BusinessEntityChangeLogEntry = ChangeLogEntry & { businessEntityId?: number | null };

/**
 * GET businessentity/ChangeLogs: every business entity change, newest first. Under the business
 * entity prefix, so a save (here or in the search popup) reloads it.
 */
export const businessEntityChangeLogQuery = () => routeQuery(endpoint('GET', 'businessentity', 'ChangeLogs'));
