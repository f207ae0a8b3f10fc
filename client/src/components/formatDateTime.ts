/** A date and time in the reader's language, e.g. 'Nov 30, 2026, 3:12 PM' for 'suspended until …'. */
export function formatDateTime(date: string | Date, language: string): string {
  return new Date(date).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}
