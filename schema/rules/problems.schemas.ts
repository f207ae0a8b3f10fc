/** The zod validators of problems' inputs (statuses, limits and messages: problems.ts). */
import { z } from 'zod';
import {
  LEAVING_COMMENT_MAX,
  LEAVING_EMOJI_MAX,
  LEAVING_SOLUTIONS_MAX,
  MEASUREMENT_NAME_MAX,
  MEASUREMENT_NOTE_MAX,
  MEASUREMENT_UNIT_MAX,
  PROBLEM_ATTRIBUTE_NAME_MAX,
  PROBLEM_ATTRIBUTE_VALUE_MAX,
  PROBLEM_MESSAGES,
  PROBLEM_PART_ATTRIBUTES_MAX,
  PROBLEM_PART_DESCRIPTION_MAX,
  PROBLEM_PART_NAME_MAX,
  PROBLEM_LISTS,
  PROBLEM_PART_TYPES,
  PROBLEM_SORTS,
  PROBLEM_STATUSES,
} from './problems';
import { MESSAGES } from './messages';
import { dateInputSchema } from './time-range.schemas';
import { idSchema } from './validators';

export const problemStatusSchema = z.enum(PROBLEM_STATUSES, {
  error: PROBLEM_MESSAGES.statusInvalid,
});

/** Which problems list is asked for and its order; absent, the space's newest first. */
export const problemListSchema = z.object({
  list: z
    .enum(PROBLEM_LISTS)
    .nullish()
    .transform((list) => list ?? 'recent'),
  orderBy: z
    .enum(PROBLEM_SORTS, { error: PROBLEM_MESSAGES.sortInvalid })
    .nullish()
    .transform((sort) => sort ?? 'recent'),
});

export const problemPartAttributeSchema = z.object({
  name: z
    .string({ error: PROBLEM_MESSAGES.attributeNameRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.attributeNameRequired)
    .max(PROBLEM_ATTRIBUTE_NAME_MAX, { message: PROBLEM_MESSAGES.attributeNameMax, abort: true }),
  value: z
    .string()
    .trim()
    .max(PROBLEM_ATTRIBUTE_VALUE_MAX, { message: PROBLEM_MESSAGES.attributeValueMax, abort: true })
    .default(''),
});

export const problemPartSchema = z.object({
  type: z.enum(PROBLEM_PART_TYPES, { error: PROBLEM_MESSAGES.partTypeInvalid }),
  name: z
    .string({ error: PROBLEM_MESSAGES.partNameRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.partNameRequired)
    .max(PROBLEM_PART_NAME_MAX, { message: PROBLEM_MESSAGES.partNameMax, abort: true }),
  description: z
    .string()
    .trim()
    .max(PROBLEM_PART_DESCRIPTION_MAX, {
      message: PROBLEM_MESSAGES.partDescriptionMax,
      abort: true,
    })
    .nullish()
    .transform((text) => text ?? ''),
  attributes: z
    .array(problemPartAttributeSchema)
    .max(PROBLEM_PART_ATTRIBUTES_MAX, PROBLEM_MESSAGES.attributesMax)
    .nullish()
    .transform((list) => list ?? []),
});
export type ProblemPartInput = z.input<typeof problemPartSchema>;

export const measurementSchema = z.object({
  name: z
    .string({ error: PROBLEM_MESSAGES.measurementNameRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.measurementNameRequired)
    .max(MEASUREMENT_NAME_MAX, { message: PROBLEM_MESSAGES.measurementNameMax, abort: true }),
  value: z
    .number({ error: PROBLEM_MESSAGES.measurementValueInvalid })
    .finite(PROBLEM_MESSAGES.measurementValueInvalid),
  unit: z
    .string()
    .trim()
    .max(MEASUREMENT_UNIT_MAX, { message: PROBLEM_MESSAGES.measurementUnitMax, abort: true })
    .nullish()
    .transform((text) => text ?? ''),
  note: z
    .string()
    .trim()
    .max(MEASUREMENT_NOTE_MAX, { message: PROBLEM_MESSAGES.measurementNoteMax, abort: true })
    .nullish()
    .transform((text) => text ?? ''),
  measuredAt: dateInputSchema(MESSAGES.invalidValue).nullish(),
});

export const leaveProblemSchema = z.object({
  emoji: z
    .string()
    .trim()
    .max(LEAVING_EMOJI_MAX, { message: PROBLEM_MESSAGES.emojiInvalid, abort: true })
    .nullish()
    .transform((text) => text || null),
  leavingComment: z
    .string()
    .trim()
    .max(LEAVING_COMMENT_MAX, { message: PROBLEM_MESSAGES.leavingCommentMax, abort: true })
    .nullish()
    .transform((text) => text || null),
  solutions: z
    .array(
      z.object({
        id: idSchema,
        name: z.string().max(500, { message: MESSAGES.invalidValue, abort: true }),
      }),
    )
    .max(LEAVING_SOLUTIONS_MAX)
    .nullish()
    .transform((list) => list ?? []),
});
