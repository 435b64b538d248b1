import { MSG } from '@eb/shared/messages';
import { isAdmin } from '@eb/shared/roles';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { cancelJob, getJobRecord, listJobs, toJob } from './repository';

/**
 * Jobs are their creator's (issue 26 item 6): the administrators (the 'Admin' role, user type
 * superAdmin: spec 1 section 6) see every job; anyone else sees their own, and another user's job
 * is answered as one that does not exist (404, not 403: its id tells nothing).
 */
const seesAllJobs = (ctx: ActionContext) => isAdmin(ctx.user!.userType);

async function getJob(ctx: ActionContext<{ id: string }>) {
  const r = await getJobRecord(ctx.query.id);
  if (!r || (!seesAllJobs(ctx) && r.createdBy !== ctx.user!.objectId)) throw new NotFoundError(MSG.jobNotFound);
  return toJob(r);
}

/** Cancel a queued or running job: its creator or an admin; a finished job stays as it is. */
async function cancel(ctx: ActionContext<unknown, { objectId: string }>) {
  const r = await getJobRecord(ctx.body.objectId);
  if (!r) throw new NotFoundError(MSG.jobNotFound);
  if (r.createdBy !== ctx.user!.objectId && !isAdmin(ctx.user!.userType)) throw new ForbiddenError();
  await cancelJob(r.jobId);
  const after = await getJobRecord(r.jobId);
  return toJob(after ?? r);
}

export const handler = resourceHandler('job', {
  'GET ': (ctx: ActionContext) => listJobs(seesAllJobs(ctx) ? undefined : ctx.user!.objectId),
  'GET getjob': getJob,
  'DELETE cancel': cancel,
});
