import { MSG } from '@eb/shared/messages';
import { type ZipLocation, type ZipLookupQuery } from '@eb/shared/reference/schemas';
import { NotFoundError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { getReferences } from './repository';
import { territoryActions } from './territory-actions';
import { lookupZip } from './zip';

export const handler = resourceHandler('reference', {
  'GET getreferences': () => getReferences(),
  ...territoryActions,
  'GET getaddresslocationbyzipcode': async ({ query }: ActionContext<ZipLookupQuery>): Promise<ZipLocation> => {
    const place = await lookupZip(query.zipCode);
    if (!place) throw new NotFoundError(MSG.zipNotFound);
    return { zipCode: query.zipCode, ...place };
  },
});
