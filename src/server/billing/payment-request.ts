/**
 * The body of POST /billing/payments, with `amount` read from the JSON text as it was written
 * (docs/billing.md "Money"). `JSON.parse` turns `1.000000001` into a float before anything can
 * look at it, and a float cannot say whether it had more than two decimals; so the body is read a
 * second time with lossless-json, which hands over each number as its literal text, and the
 * amount's text goes to the shared rule (`paymentAmountCents`). The rest of the body is the one
 * `readJson` parsed, with all its checks (content type, malformed JSON, depth, unstorable text).
 */
import type { Context } from 'hono';
import { parse } from 'lossless-json';
import * as v from 'valibot';
import { JsonNumberText, PaymentRequestSchema } from '#shared/billing/schemas';
import { badRequest } from '../http/errors.ts';
import { parseWith, readJson } from '../http/validate.ts';

/** The top-level `amount` of a JSON text as its literal text, when it is a number. */
export function amountText(json: string): JsonNumberText | undefined {
  let body: unknown;
  try {
    body = parse(json, null, {
      parseNumber: (text) => new JsonNumberText(text),
      // As JSON.parse: the last of a repeated key counts.
      onDuplicateKey: ({ newValue }) => newValue,
    });
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const amount = (body as Record<string, unknown>).amount;
  return amount instanceof JsonNumberText ? amount : undefined;
}

export async function readPaymentRequest(
  c: Context,
): Promise<v.InferOutput<typeof PaymentRequestSchema>> {
  const body = await readJson(c, v.unknown());
  // readJson read the text (Hono keeps it): the same bytes, read again without losing digits.
  const amount = amountText(await c.req.text());
  const input =
    amount !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...body, amount }
      : body;
  return parseWith(PaymentRequestSchema, input);
}
