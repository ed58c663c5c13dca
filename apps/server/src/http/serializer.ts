import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Checks every reply against its zod schema, then writes it as JSON.
 *
 * fastify-type-provider-zod's own serializer *encodes* (z.encode), which refuses any one-way transform;
 * the contract's form schemas normalise input with them (0/1 flags accepting booleans, fields as JSON
 * strings). Our replies are built by serializers already in the schemas' output shape, which the same
 * schemas accept as input, so parsing checks them just as strictly (and unknown keys are still dropped).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
