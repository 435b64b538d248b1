import { inject } from 'vitest';
import { resetClients } from '../../functions/src/lib/aws';
import { resetVerifier } from '../../functions/src/lib/session';

/** Point this test worker's AWS clients and handler config at the stack of the test run. */
const stack = inject('stack');
Object.assign(process.env, stack.env, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
resetClients();
resetVerifier();
