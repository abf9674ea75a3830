import * as v from 'valibot';

/** What the web app reports when something breaks in the browser. */
export const ClientErrorReportSchema = v.strictObject({
  message: v.pipe(
    v.string('message must be text'),
    v.trim(),
    v.minLength(1, 'message is required'),
    v.maxLength(2000, 'message is too long'),
  ),
  stack: v.optional(
    v.pipe(v.string('stack must be text'), v.maxLength(20_000, 'stack is too long')),
  ),
  url: v.pipe(v.string('url must be text'), v.maxLength(2000, 'url is too long')),
  route: v.optional(v.pipe(v.string('route must be text'), v.maxLength(200, 'route is too long'))),
});

export type ClientErrorReport = v.InferOutput<typeof ClientErrorReportSchema>;
