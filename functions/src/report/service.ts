import { p2cReport } from './p2c';
import type { JobType } from '../job/service';

/** The report's job types (Export To P2C), registered by the worker. */
export const reportJobTypes = (): JobType[] => [p2cReport.job];
