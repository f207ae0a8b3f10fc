import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/src/rich-text';

describe('sanitizeRichText', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<p>Hello <strong>bold</strong> <em>it</em> <s>x</s> <code>c</code></p><ul><li>#one</li></ul><blockquote>q</blockquote><h2>T</h2>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops <script> with its content', () => {
    const clean = sanitizeRichText(
      '<p>Hi #tag</p><script>alert(1)</script><SCRIPT src="//evil"></SCRIPT>',
    );
    expect(clean).toBe('<p>Hi #tag</p>');
  });

  it('drops event-handler attributes and elements that can run script', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()">a</p><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg><iframe src="//evil"></iframe><style>p{}</style>',
    );
    expect(clean).not.toMatch(/onclick|onerror|onload|<img|<svg|<iframe|<style/iu);
    expect(clean).toBe('<p>a</p>');
  });

  it('removes javascript: and data: links but keeps safe ones, opened safely', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).not.toMatch(/javascript/iu);
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/iu);
    expect(sanitizeRichText('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).not.toMatch(
      /data:/iu,
    );
    expect(sanitizeRichText('<a href="https://example.com/a?b=1">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('drops style and class attributes', () => {
    expect(sanitizeRichText('<p style="position:fixed" class="x">a</p>')).toBe('<p>a</p>');
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; "#math"</p>')).toBe('<p>1 &lt; 2 &amp; "#math"</p>');
  });
});
