/**
 * Plain text of rich-text HTML, good enough for length and hashtag rules: block ends become
 * whitespace so "<p>a</p><p>#b</p>" reads "a #b". Works without a DOM (server and client alike).
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote)\s*\/?>/giu, ' ')
    .replace(/<[^>]*>/gu, '')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&amp;/gu, '&')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'");
}
