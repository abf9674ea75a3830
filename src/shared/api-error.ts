/** The JSON body of every error the API sends. */
export interface ApiErrorBody {
  status: number;
  title: string;
  msg: string;
  detail?: string;
  /** Field errors, keyed by field path (for example `customer.email`). */
  errors?: Record<string, string>;
  /** Present on 500 answers so that a report can be matched with the log. */
  request_id?: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.status === 'number' && typeof candidate.msg === 'string';
}
