/** Shapes the session machines share with the app that provides their actors. */

/**
 * What an HTTP actor throws: the web client's failure carries the status (0 when no answer came),
 * the server's title and a message for the user.
 */
export interface RequestFailure {
  status: number;
  title?: string;
  message: string;
}

export function requestFailureOf(error: unknown): RequestFailure {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { status?: unknown; title?: unknown; message?: unknown };
    return {
      status: typeof candidate.status === 'number' ? candidate.status : 0,
      title: typeof candidate.title === 'string' ? candidate.title : undefined,
      message: typeof candidate.message === 'string' ? candidate.message : '',
    };
  }
  return { status: 0, message: typeof error === 'string' ? error : '' };
}

/** A place in the app: the route's name (kept in session storage) and its address. */
export interface AttemptedRoute {
  name: string;
  /** The path under the web base with its query, e.g. `/billing/?tab=bills`. */
  href: string;
}
