import { ERROR_STATUS, type ErrorCode } from '@/contracts/errors';

/** The one error type services throw; the error handler turns it into the §7 body and status. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('invalid_input', message, fields);
