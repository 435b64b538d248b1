import { START_PAGE_VIEW } from '@eb/shared/home';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';
import { deleteView, saveView, savedViewsQuery } from '../../lib/saved-views';

/** GET home/Get (issue 31): the home page's work queues and charts, in one call. */
export const homePageQuery = () => routeQuery(endpoint('GET', 'home', 'Get'));
export const fetchHomePage = () => call(endpoint('GET', 'home', 'Get'));

/** The start-page preference: a saved view of the 'start' list (kept with the saved views). */
export const startPageQuery = () => savedViewsQuery(START_PAGE_VIEW.list);
export const isWorkQueuesStart = (views: readonly { name: string }[] | undefined) => !!views?.some((v) => v.name === START_PAGE_VIEW.name);
export const setWorkQueuesStart = (on: boolean) =>
  on ? saveView({ list: START_PAGE_VIEW.list, name: START_PAGE_VIEW.name, query: '', columns: [] }) : deleteView(START_PAGE_VIEW.list, START_PAGE_VIEW.name);
