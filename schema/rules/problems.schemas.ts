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
  PROBLEM_PART_TYPES,
  PROBLEM_STATUSES,
} from './problems';

export const problemStatusSchema = z.enum(PROBLEM_STATUSES, {
  error: PROBLEM_MESSAGES.statusInvalid,
});

export const problemPartAttributeSchema = z.object({
  name: z
    .string({ error: PROBLEM_MESSAGES.attributeNameRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.attributeNameRequired)
    .max(PROBLEM_ATTRIBUTE_NAME_MAX, PROBLEM_MESSAGES.attributeNameMax),
  value: z
    .string()
    .trim()
    .max(PROBLEM_ATTRIBUTE_VALUE_MAX, PROBLEM_MESSAGES.attributeValueMax)
    .default(''),
});

export const problemPartSchema = z.object({
  type: z.enum(PROBLEM_PART_TYPES, { error: PROBLEM_MESSAGES.partTypeInvalid }),
  name: z
    .string({ error: PROBLEM_MESSAGES.partNameRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.partNameRequired)
    .max(PROBLEM_PART_NAME_MAX, PROBLEM_MESSAGES.partNameMax),
  description: z
    .string()
    .trim()
    .max(PROBLEM_PART_DESCRIPTION_MAX, PROBLEM_MESSAGES.partDescriptionMax)
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
    .max(MEASUREMENT_NAME_MAX, PROBLEM_MESSAGES.measurementNameMax),
  value: z
    .number({ error: PROBLEM_MESSAGES.measurementValueInvalid })
    .finite(PROBLEM_MESSAGES.measurementValueInvalid),
  unit: z
    .string()
    .trim()
    .max(MEASUREMENT_UNIT_MAX, PROBLEM_MESSAGES.measurementUnitMax)
    .nullish()
    .transform((text) => text ?? ''),
  note: z
    .string()
    .trim()
    .max(MEASUREMENT_NOTE_MAX, PROBLEM_MESSAGES.measurementNoteMax)
    .nullish()
    .transform((text) => text ?? ''),
  measuredAt: z.coerce.date().nullish(),
});

export const leaveProblemSchema = z.object({
  emoji: z
    .string()
    .trim()
    .max(LEAVING_EMOJI_MAX, PROBLEM_MESSAGES.emojiInvalid)
    .nullish()
    .transform((text) => text || null),
  leavingComment: z
    .string()
    .trim()
    .max(LEAVING_COMMENT_MAX, PROBLEM_MESSAGES.leavingCommentMax)
    .nullish()
    .transform((text) => text || null),
  solutions: z
    .array(z.object({ id: z.string().min(1), name: z.string().max(500) }))
    .max(LEAVING_SOLUTIONS_MAX)
    .nullish()
    .transform((list) => list ?? []),
});
