import { Text, Typography, type BoxProps } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HASHTAG_LINK_ATTRIBUTE, linkHashtagsInHtml } from './hashtags';

export interface RichTextProps extends BoxProps {
  /** HTML the server has already sanitised with its allow-list (never raw user input). */
  html: string;
  /** The post's tags: hashtags naming them become links to their tag pages. */
  tags?: readonly string[];
}

/** Shows stored rich text. An empty body reads 'There is no text', as the spec asks. */
export function RichText({ html, tags, ...boxProps }: RichTextProps) {
  const { t } = useTranslation();
  if (!html.replace(/<[^>]*>/gu, '').trim()) {
    return (
      <Text c="dimmed" fs="italic" {...boxProps}>
        {t('stories:card.noText')}
      </Text>
    );
  }
  if (tags?.length) return <LinkedRichText html={html} tags={tags} {...boxProps} />;
  return (
    <Typography
      {...boxProps}
      style={{ overflowWrap: 'anywhere' }}
      // The server sanitises every stored body with an allow-list before it is saved.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Rich text whose hashtags are links; a plain click on one opens the tag inside the app. */
function LinkedRichText({
  html,
  tags,
  ...boxProps
}: BoxProps & { html: string; tags: readonly string[] }) {
  const navigate = useNavigate();
  const linked = useMemo(() => linkHashtagsInHtml(html, tags), [html, tags]);
  const openTag = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = (event.target as Element).closest(`a[${HASHTAG_LINK_ATTRIBUTE}]`);
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <Typography
      {...boxProps}
      style={{ overflowWrap: 'anywhere' }}
      onClick={openTag}
      // Sanitised by the server; only its text was turned into tag links (see linkHashtagsInHtml).
      dangerouslySetInnerHTML={{ __html: linked }}
    />
  );
}
