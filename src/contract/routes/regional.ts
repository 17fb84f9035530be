/**
 * Shorthands for a route's regional shapes (`variants` in define.ts): a regional answer comes
 * with its generated `...Fill` schema, a model or a list of one.
 */
import { z } from 'zod';
import type { RegionalShapes } from './define';

/** A regional answer that is one model. */
export const answerOf = (model: z.ZodType, fill: z.ZodType): RegionalShapes => ({ response: model, fill });

/** A regional answer that is a bare list of a model. */
export const listOf = (model: z.ZodType, fill: z.ZodType): RegionalShapes => ({ response: z.array(model), fill: z.array(fill) });

/** A regional body. */
export const bodyOf = (input: z.ZodType): RegionalShapes => ({ body: input });

/** A regional body and the regional answer to it (a create or an update). */
export const bodyAndAnswerOf = (input: z.ZodType, model: z.ZodType, fill: z.ZodType): RegionalShapes => ({ ...bodyOf(input), ...answerOf(model, fill) });
