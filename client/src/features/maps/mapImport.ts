import { mapImportSchema, MAP_MESSAGES } from '@rules';

/** Why a file is not a map file, as the server would say it: the first rule broken, and where. */
export function importIssue(data: unknown): { field: string; message: string } | null {
  const parsed = mapImportSchema.safeParse(data);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return {
    field: issue ? issue.path.map(String).join('.') : '',
    message: issue?.message ?? MAP_MESSAGES.importInvalid,
  };
}
