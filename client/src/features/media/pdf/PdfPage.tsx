import { Alert, Container, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PdfViewer } from './PdfViewer';
import { sameOriginMediaPath } from './pdfControls';

/** The window's height less the shell's header, bottom bar and padding. */
const VIEWER_HEIGHT =
  'calc(100dvh - var(--app-shell-header-offset, 0rem) - var(--app-shell-footer-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))';
const VIEWER_MIN_HEIGHT = 360;

/** The file name at the end of a media address, for the page title. */
const fileNameOf = (path: string) =>
  decodeURIComponent(path.split('?')[0]!.split('/').at(-1) ?? '');

/**
 * `/pdf?file=/api/media/{uploadId}/{name}`: one of the app's PDF files in the viewer. Any other
 * address (another site, another path of this one) is refused, so a shared link cannot point the
 * viewer elsewhere.
 */
export function PdfPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const path = sameOriginMediaPath(params.get('file'), window.location.origin);
  const name = path ? fileNameOf(path) : null;
  return (
    // As high as the window leaves between the shell's bars (never under VIEWER_MIN_HEIGHT): the
    // viewer's toolbar and the whole page frame show without scrolling the page.
    <Container
      size="md"
      py="md"
      h={VIEWER_HEIGHT}
      mih={VIEWER_MIN_HEIGHT}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack style={{ flex: '1 1 auto', minHeight: 0 }}>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {name || t('media:pdf.title')}
        </Title>
        {path ? (
          <PdfViewer key={path} url={path} name={name} />
        ) : (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('media:pdf.badLink')}>
            {t('media:pdf.badLinkText')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
