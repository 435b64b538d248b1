import { beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobList } from '@eb/shared/job/schemas';
import { MSG } from '@eb/shared/messages';
import type { UserType } from '@eb/shared/roles';
import { createJob } from '../../functions/src/job/repository';
import { ok } from '../support/records';
import { signedInAsEach, signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 6: `GET job` and `GET job/getjob` show a user their own jobs only (their names
 * carry file names, their results the parse's and exports' outcomes); the administrators (the
 * 'Admin' role, user type superAdmin) see every job. The jobs are recorded straight in the table:
 * the stack's worker fails them at once (an unknown job type), which is all a list needs.
 */
let theirJob: Job;
const [owner] = signedInBeforeAll('superAdmin');
beforeAll(async () => {
  theirJob = await createJob({ jobType: 'attackProbe', name: 'Accounts (secret-file-name.xlsx)', createdBy: owner.user.objectId });
});

const everyJob = (list: JobList): Job[] => [...list.completedJobs, ...(list.currentJob ? [list.currentJob] : []), ...list.jobsInQueue];

describe('jobs are scoped to their creator', () => {
  const as = signedInAsEach('agent', 'viewOnly', 'admin', 'superAdmin');
  it.each<UserType>(['agent', 'viewOnly', 'admin'])('%s sees only its own jobs in GET job', async (type) => {
    const session = as[type];
    const { user } = session;
    const mine = await createJob({ jobType: 'attackProbe', name: `own job of ${type}`, createdBy: user.objectId });
    const list = await ok<JobList>(session.get('/api/job'));
    const seen = everyJob(list);
    expect(seen.map((j) => j.createdBy).filter((c) => c !== user.objectId)).toEqual([]);
    expect(seen.map((j) => j.jobId)).toContain(mine.jobId);
  });

  it.each<UserType>(['agent', 'viewOnly', 'admin'])("%s gets 404 for another user's job by id", async (type) => {
    const session = as[type];
    const r = await session.get('/api/job/getjob', { id: theirJob.jobId });
    expect([r.status, r.body.message]).toEqual([404, MSG.jobNotFound]);
  });

  it('a user still reads its own job by id', async () => {
    const session = as.agent;
    const { user } = session;
    const mine = await createJob({ jobType: 'attackProbe', name: 'own job', createdBy: user.objectId });
    expect((await ok<Job>(session.get('/api/job/getjob', { id: mine.jobId }))).jobId).toBe(mine.jobId);
  });

  it('an administrator (superAdmin) sees every user\'s jobs, by id and in the list', async () => {
    const session = as.superAdmin;
    expect((await ok<Job>(session.get('/api/job/getjob', { id: theirJob.jobId }))).createdBy).toBe(owner.user.objectId);
    const list = await ok<JobList>(session.get('/api/job'));
    expect(everyJob(list).some((j) => j.createdBy !== null)).toBe(true);
  });
});
