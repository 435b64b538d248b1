import { resourceHandler, type ActionContext } from '../lib/handler';
import { homePage } from './home';

/** The home Lambda (issue 31): the work queues and charts of the signed-in user's home page. */
export const handler = resourceHandler('home', {
  /** GET home/Get -> the page: queues (count, first rows, search), charts; admins also the batches with open exceptions */
  'GET get': ({ user }: ActionContext) => homePage(user!),
});
