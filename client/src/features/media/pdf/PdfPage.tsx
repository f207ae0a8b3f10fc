import { Alert, Container, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PdfViewer } from './PdfViewer';
import { sameOriginMediaPath } from './pdfControls';

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
    <Container size="md" py="md">
      <Stack>
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
