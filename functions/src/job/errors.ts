/**
 * A job that fails because of its input, not of the moment (issue 26 item 4): a workbook that is
 * a zip bomb, a damaged zip, no workbook at all. Running it again cannot help, so the worker marks
 * the job failed on this delivery, with this message (shown to the user as the job's result), and
 * does not let the queue deliver it again; any other error is taken as transient and retried.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
