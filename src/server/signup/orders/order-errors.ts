/** The errors an order is refused with (docs/api.md "Signup order"). */
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { ApiError } from '../../http/errors.ts';

export function orderFailed(
  status: number,
  msg: string,
  errors?: Record<string, string>,
): ApiError {
  return new ApiError(status, ORDER_MESSAGES.orderFailedTitle, msg, errors ? { errors } : {});
}

/** Field errors under a prefix of the body (`order.connectivity.install_details.date`, say). */
export function prefixed(
  prefix: string,
  errors: Partial<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) out[`${prefix}.${field}`] = message;
  }
  return out;
}

/** A unique violation (PostgreSQL 23505), wherever the driver put its code. */
export function isUniqueViolation(error: unknown, constraintPart: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') {
      return (e.constraint ?? '').includes(constraintPart) || constraintPart === '';
    }
    e = e.cause as typeof e;
  }
  return false;
}
