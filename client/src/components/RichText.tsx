import { Text, Typography, type BoxProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RichTextProps extends BoxProps {
  /** HTML the server has already sanitised with its allow-list (never raw user input). */
  html: string;
}

/** Shows stored rich text. An empty body reads 'There is no text', as the spec asks. */
export function RichText({ html, ...boxProps }: RichTextProps) {
  const { t } = useTranslation();
  if (!html.replace(/<[^>]*>/gu, '').trim()) {
    return (
      <Text c="dimmed" fs="italic" {...boxProps}>
        {t('stories:card.noText')}
      </Text>
    );
  }
  return (
    <Typography
      {...boxProps}
      style={{ overflowWrap: 'anywhere' }}
      // The server sanitises every stored body with an allow-list before it is saved.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
