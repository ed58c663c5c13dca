import { z } from 'zod';

/** One field-level problem inside a problem document. */
export const FieldErrorSchema = z.object({
  path: z.string().meta({ description: 'Dotted path of the offending field, e.g. "body.name".' }),
  message: z.string(),
});

/**
 * RFC 9457 problem document, the body of every failed API call
 * (`Content-Type: application/problem+json`). `detail` is the human text the UI shows.
 */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().meta({ description: 'Stable upper-snake error code, e.g. VALIDATION_FAILED.' }),
    detail: z.string(),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

/** Wraps a payload schema in the success envelope `{ data, message? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}
