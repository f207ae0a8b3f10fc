import sanitizeHtml from 'sanitize-html';

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

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS).trim();
