/**
 * Every error the API sends is JSON: `{ status, title, msg }`, plus `detail` or field `errors`
 * where useful. Handlers throw {@link ApiError}; anything else becomes a 500 with a request id.
 */
import type { ApiErrorBody } from '#shared/api-error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly msg: string,
    readonly extra: Pick<ApiErrorBody, 'detail' | 'errors' | 'setup' | 'methods' | 'webauthn'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { status: this.status, title: this.title, msg: this.msg, ...this.extra };
  }
}

export const badRequest = (msg: string, detail?: string) =>
  new ApiError(400, 'Bad request', msg, detail ? { detail } : {});

export const unauthorized = (title: string, msg: string) => new ApiError(401, title, msg);

export const forbidden = (msg: string, title = 'Access denied') => new ApiError(403, title, msg);

export const notFound = (msg = 'The requested resource does not exist.') =>
  new ApiError(404, 'Not found', msg);

export const conflict = (msg: string) => new ApiError(409, 'Conflict', msg);

export const validationFailed = (errors: Record<string, string>, msg?: string) =>
  new ApiError(
    422,
    'Validation failed',
    msg ?? Object.values(errors)[0] ?? 'The request is not valid.',
    { errors },
  );

export const tooManyRequests = (retryAfterSeconds: number, msg: string) =>
  new ApiError(
    429,
    'Too many requests',
    msg,
    {},
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );
