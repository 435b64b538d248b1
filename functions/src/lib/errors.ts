import { MSG } from '@eb/shared/messages';

export type FieldErrors = Record<string, string>;

/** A typed error carries its HTTP status; its message is safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequestError extends AppError {
  constructor(message: string = MSG.invalidInput, fieldErrors?: FieldErrors) {
    super(400, message, fieldErrors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = MSG.unauthenticated) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = MSG.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = MSG.notFound) {
    super(404, message);
  }
}
export class MethodNotAllowedError extends AppError {
  constructor() {
    super(405, 'Method not allowed');
  }
}
export class ConflictError extends AppError {
  constructor(message: string = MSG.staleVersion) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string = MSG.bodyTooLarge) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string = MSG.unsupportedContentType) {
    super(415, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

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
