import { Anchor, Badge, Group } from '@mantine/core';
import { hashtagOfWord, htmlToPlainText, scanHashtags } from '@rules';
import { Fragment } from 'react';
import { Link } from 'react-router';

/**
 * A post's tags show once, where its author wrote them: each hashtag of its text is a link to the
 * tag's page, and only the tags the reader cannot see written (cut from a card's excerpt) are
 * chips. Only words naming one of the post's tags (as the server found them) become links.
 */

export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}/info`;

/** Marks the links made here, so a click on one navigates inside the app. */
export const HASHTAG_LINK_ATTRIBUTE = 'data-hashtag';

type Piece = string | { tag: string; written: string };

/** Plain text cut into words and the hashtags among them that name one of `tags`. */
function hashtagPieces(text: string, tags: ReadonlySet<string>): Piece[] {
  const pieces: Piece[] = [];
  let plain = '';
  for (const part of text.split(/(\s+)/u)) {
    const found = hashtagOfWord(part);
    if (!found || !tags.has(found.tag)) {
      plain += part;
      continue;
    }
    if (plain) pieces.push(plain);
    pieces.push(found);
    plain = part.slice(found.written.length);
  }
  if (plain) pieces.push(plain);
  return pieces;
}

/**
 * Sanitised rich text with its hashtags made links (never inside a link it already has). Runs on
 * the HTML the server stored, in a parsed document that runs nothing; only text becomes links.
 */
export function linkHashtagsInHtml(html: string, tags: readonly string[]): string {
  if (tags.length === 0 || !html.includes('#')) return html;
  const wanted = new Set(tags);
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.parentElement?.closest('a') === null) texts.push(node as Text);
  for (const node of texts) {
    const pieces = hashtagPieces(node.data, wanted);
    if (pieces.every((piece) => typeof piece === 'string')) continue;
    const replacement = document.createDocumentFragment();
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        replacement.append(piece);
        continue;
      }
      const link = document.createElement('a');
      link.setAttribute('href', tagPath(piece.tag));
      link.setAttribute(HASHTAG_LINK_ATTRIBUTE, '');
      link.textContent = piece.written;
      replacement.append(link);
    }
    node.replaceWith(replacement);
  }
  return body.innerHTML;
}

/** Plain text (a title, a card's excerpt) with its hashtags as links to their tag pages. */
export function HashtagText({ text, tags }: { text: string; tags: readonly string[] }) {
  const pieces = hashtagPieces(text, new Set(tags));
  return (
    <>
      {pieces.map((piece, index) =>
        typeof piece === 'string' ? (
          <Fragment key={index}>{piece}</Fragment>
        ) : (
          <Anchor key={index} component={Link} to={tagPath(piece.tag)} inherit>
            {piece.written}
          </Anchor>
        ),
      )}
    </>
  );
}

/** The tags written in what a page shows of a post: plain texts (a title, an excerpt), rich text. */
export const tagsWrittenIn = ({ texts = [], html = '' }: { texts?: string[]; html?: string }) =>
  new Set(scanHashtags([...texts, htmlToPlainText(html)].join(' ')).tags);

/**
 * Chips for the tags not written in what the reader sees (`shown`: the tags written in the title
 * and text shown), each a link to its tag page. Nothing when every tag is written there.
 */
export function TagChips({
  tags,
  shown,
  label,
}: {
  tags: readonly string[];
  shown: ReadonlySet<string>;
  label: string;
}) {
  const left = tags.filter((tag) => !shown.has(tag));
  if (left.length === 0) return null;
  return <TagBadges tags={left} label={label} />;
}

/** Tags as chips, each a link to its tag page; a tag is its id (its name) or `{ id, name }`. */
export function TagBadges({
  tags,
  label,
}: {
  tags: readonly (string | { id: string; name: string })[];
  label?: string;
}) {
  return (
    <Group gap={6} aria-label={label}>
      {tags.map((tag) => {
        const { id, name } = typeof tag === 'string' ? { id: tag, name: tag } : tag;
        return (
          <Badge
            key={id}
            component={Link}
            to={tagPath(id)}
            variant="light"
            radius="sm"
            tt="none"
            style={{ cursor: 'pointer' }}
          >
            #{name}
          </Badge>
        );
      })}
    </Group>
  );
}
