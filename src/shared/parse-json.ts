import type { z } from 'zod';

/** Text that should hold JSON of `schema`'s shape: the value, or undefined when it is not JSON or not that shape. */
export function parseJson<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
