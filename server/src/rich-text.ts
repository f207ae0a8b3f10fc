import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_DEPTH_MAX } from '@rules';
import { AppError } from './errors';

/**
 * The allow-list for rich text stored from any editor: what Tiptap's starter kit produces, links
 * with safe schemes only, and no attribute that can run script.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'hr',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['data-type', 'data-id'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

class TooDeep extends Error {}

/**
 * Rich text as it may be stored. The parser keeps its open elements in an array it shifts at
 * every tag, so its time grows with depth × length (66,000 unclosed `<b>` held it seconds): HTML
 * nested past RICH_TEXT_DEPTH_MAX is not the editor's, and is refused at that depth instead of
 * parsed to the end. Callers bound its length first.
 */
export function sanitizeRichText(html: string): string {
  let depth = 0;
  try {
    return sanitizeHtml(html, {
      ...OPTIONS,
      // The parser's own open and close events, implied ones included: `depth` is its stack's size.
      onOpenTag: () => {
        if (++depth > RICH_TEXT_DEPTH_MAX) throw new TooDeep();
      },
      onCloseTag: () => void (depth -= 1),
    }).trim();
  } catch (error) {
    if (error instanceof TooDeep) throw AppError.fromMessage('BAD_USER_INPUT', 'invalidValue');
    throw error;
  }
}
