/**
 * A JSON answer built from text the handler already has, with that text kept beside it: the
 * idempotency layer records a keyed request's answer (its body) with the key, and reading it back
 * out of the Response means cloning it and reading a stream (and the Node adapter then sends the
 * answer through its slow path). An answer made here is recorded from the kept text instead; any
 * other answer is read as before.
 */
import type { Context } from 'hono';

const texts = new WeakMap<Response, string>();

/** `c.json(value, 200)` (typed as it), with the answer's text kept for recordedText. */
export function jsonAnswer<T>(c: Context, value: T): ReturnType<typeof c.json<T, 200>> {
  const text = JSON.stringify(value);
  const response = c.body(text, 200, { 'content-type': 'application/json' });
  texts.set(response, text);
  // The same answer c.json makes (its text is JSON.stringify of the value, its type application/json).
  return response as unknown as ReturnType<typeof c.json<T, 200>>;
}

/** The body of `response` as text: the kept text of a jsonAnswer, else read from a clone. */
export async function recordedText(response: Response): Promise<string> {
  return texts.get(response) ?? (await response.clone().text());
}
