import { resourceHandler } from '../lib/handler';
import { getReferences } from './repository';

export const handler = resourceHandler('reference', {
  'GET getreferences': () => getReferences(),
});
