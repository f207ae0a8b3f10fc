/**
 * A tag. It ends at '>', and a stray '<' starts the next one: every scan stops at either, so text
 * full of '<' is read once, not once per '<'.
 */
const TAG = /<[^<>]*>/gu;

/**
 * Plain text of rich-text HTML, good enough for length and hashtag rules: block ends become
 * whitespace so "<p>a</p><p>#b</p>" reads "a #b". Works without a DOM (server and client alike).
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote)\s*\/?>/giu, ' ')
    .replace(TAG, '')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&amp;/gu, '&')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'");
}

/**
 * The opening words of rich text, on one line, cut to `max` characters with an ellipsis: what
 * stands for a story's title or a comment in a notification.
 */
export function openingWords(html: string, max: number): string {
  const text = htmlToPlainText(html).replace(/\s+/gu, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Plain text as HTML text: the five characters HTML gives a meaning to, as character references. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/gu, (char) => `&#${char.charCodeAt(0)};`);
