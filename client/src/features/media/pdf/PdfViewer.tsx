import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconRotateClockwise,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import {
  GlobalWorkerOptions,
  getDocument,
  PixelsPerInch,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canZoomIn,
  canZoomOut,
  pageAfter,
  passwordPromptFor,
  rotateClockwise,
  zoomIn,
  zoomOut,
} from './pdfControls';

// The worker is a file of the build under /assets: the Content-Security-Policy allows workers
// from this origin only.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Answers pdf.js's password request: the password, or an Error to give up. */
type PasswordAnswer = (password: string | Error) => void;

/** A document as loaded for one address and attempt; `failed` when it could not be opened. */
interface Loaded {
  key: string;
  pdf?: PDFDocumentProxy;
  failed?: 'error' | 'locked';
}

const CLOSED_PROMPT = { opened: false, wrongPassword: false };

/** The page's frame never gets smaller than this; below it the surrounding page scrolls instead. */
const FRAME_MIN_HEIGHT = 160;

/**
 * A PDF drawn with pdf.js, one page at a time on a canvas: page navigation, zoom (0.5 to 2 in
 * steps of 0.2, buttons disabled at the ends), rotation in 90° steps, and a password prompt asked
 * again when the password is wrong. At zoom 1 a page fits the width available (never larger than
 * its printed size). The viewer fills the height its parent (a flex column) gives it: the toolbar
 * stays in view and the page scrolls inside its frame, so a viewer sized to the window fits it.
 */
export function PdfViewer({ url, name }: { url: string; name?: string | null }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [prompt, setPrompt] = useState(CLOSED_PROMPT);
  const [password, setPassword] = useState('');
  const answerPassword = useRef<PasswordAnswer | null>(null);
  const passwordCancelled = useRef(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The width a page may take: the frame's content box, inside its padding and beside its
  // scrollbar (which appears once a page is taller than the frame, and narrows it).
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const key = `${url}#${attempt}`;

  useEffect(() => {
    const task = getDocument({ url, isEvalSupported: false });
    task.onPassword = (answer: PasswordAnswer, reason: number) => {
      answerPassword.current = answer;
      setPassword('');
      setPrompt(passwordPromptFor(reason));
    };
    let current = true;
    task.promise.then(
      (pdf) => {
        if (current) setLoaded({ key, pdf });
      },
      () => {
        // Giving up at the password prompt rejects the task too.
        if (current) setLoaded({ key, failed: passwordCancelled.current ? 'locked' : 'error' });
      },
    );
    return () => {
      current = false;
      void task.destroy();
    };
  }, [url, key]);

  const pdf = loaded?.key === key ? loaded.pdf : undefined;
  const failed = loaded?.key === key ? loaded.failed : undefined;
  const pageCount = pdf?.numPages ?? 0;
  const shownPage = pageAfter(page, 0, pageCount);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf || !canvas || room === 0) return;
    let render: RenderTask | null = null;
    let current = true;
    void pdf.getPage(shownPage).then((pdfPage) => {
      if (!current) return;
      const natural = pdfPage.getViewport({ scale: 1, rotation });
      const fit = Math.min(PixelsPerInch.PDF_TO_CSS_UNITS, room / natural.width);
      const viewport = pdfPage.getViewport({ scale: fit * zoom, rotation });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      render = pdfPage.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      // A render replaced by the next one is cancelled: nothing to show for it.
      render.promise.catch(() => undefined);
    });
    return () => {
      current = false;
      render?.cancel();
    };
  }, [pdf, shownPage, zoom, rotation, room]);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setPrompt(CLOSED_PROMPT);
    answerPassword.current?.(password);
  };
  const cancelPassword = () => {
    setPrompt(CLOSED_PROMPT);
    passwordCancelled.current = true;
    answerPassword.current?.(new Error('password prompt cancelled'));
  };
  const retry = () => {
    passwordCancelled.current = false;
    setAttempt((previous) => previous + 1);
  };

  return (
    <Stack
      gap="sm"
      role="region"
      aria-label={name ?? t('media:pdf.title')}
      style={{ flex: '1 1 auto', minHeight: 0 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" style={{ flexShrink: 0 }}>
        <Group gap={4}>
          <Tooltip label={t('media:pdf.previousPage')}>
            <ActionIcon
              variant="default"
              aria-label={t('media:pdf.previousPage')}
              disabled={!pdf || shownPage <= 1}
              onClick={() => setPage(pageAfter(shownPage, -1, pageCount))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" miw={96} ta="center" aria-live="polite">
            {pdf ? t('media:pdf.pageOf', { page: shownPage, pages: pageCount }) : ''}
          </Text>
          <Tooltip label={t('media:pdf.nextPage')}>
            <ActionIcon
              variant="default"
              aria-label={t('media:pdf.nextPage')}
              disabled={!pdf || shownPage >= pageCount}
              onClick={() => setPage(pageAfter(shownPage, 1, pageCount))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={4}>
          <Tooltip label={t('media:pdf.zoomOut')}>
            <ActionIcon
              variant="default"
              aria-label={t('media:pdf.zoomOut')}
              disabled={!pdf || !canZoomOut(zoom)}
              onClick={() => setZoom(zoomOut)}
            >
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" miw={48} ta="center" data-testid="pdf-zoom">
            {t('media:pdf.zoomLevel', { percent: Math.round(zoom * 100) })}
          </Text>
          <Tooltip label={t('media:pdf.zoomIn')}>
            <ActionIcon
              variant="default"
              aria-label={t('media:pdf.zoomIn')}
              disabled={!pdf || !canZoomIn(zoom)}
              onClick={() => setZoom(zoomIn)}
            >
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('media:pdf.rotate')}>
            <ActionIcon
              variant="default"
              aria-label={t('media:pdf.rotate')}
              disabled={!pdf}
              onClick={() => setRotation(rotateClockwise)}
            >
              <IconRotateClockwise size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Box
        ref={frame}
        bg="gray.1"
        p="xs"
        style={{
          overflow: 'auto',
          flex: '1 1 auto',
          minHeight: FRAME_MIN_HEIGHT,
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        {failed ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t(failed === 'locked' ? 'media:pdf.locked' : 'media:pdf.loadFailed')}
          >
            <Button size="xs" variant="light" color="red" onClick={retry}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            {!pdf && (
              <Group justify="center" py="xl">
                <Loader role="status" size="sm" aria-label={t('media:pdf.loading')} />
              </Group>
            )}
            <canvas
              ref={canvasRef}
              data-testid="pdf-page"
              data-rotation={rotation}
              style={{ display: pdf ? 'block' : 'none', margin: '0 auto' }}
            />
          </>
        )}
      </Box>

      <Modal
        opened={prompt.opened}
        onClose={cancelPassword}
        title={t('media:pdf.passwordTitle')}
        size="sm"
        centered
      >
        <form onSubmit={submitPassword}>
          <Stack>
            <Text size="sm">{t('media:pdf.passwordText')}</Text>
            <PasswordInput
              label={t('media:pdf.passwordLabel')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={prompt.wrongPassword ? t('media:pdf.wrongPassword') : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={cancelPassword}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" disabled={password === ''}>
                {t('media:pdf.open')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

export default PdfViewer;
