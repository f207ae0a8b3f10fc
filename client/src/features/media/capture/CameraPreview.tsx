import { Box, Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The camera's live picture (muted: the person should not hear themselves). A stream is shown
 * through `srcObject`, not a blob: address, which the Content-Security-Policy would refuse.
 */
export function CameraPreview({
  stream,
  videoRef,
  hidden = false,
  onFrame,
}: {
  stream: MediaStream | undefined;
  videoRef?: React.RefObject<HTMLVideoElement | null>;
  hidden?: boolean;
  /** The video has a picture to draw (its first frame arrived). */
  onFrame?: () => void;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLVideoElement>(null);
  const ref = videoRef ?? ownRef;
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream ?? null;
  }, [ref, stream]);
  return (
    <Box
      pos="relative"
      bg="dark.8"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      hidden={hidden}
    >
      {!stream && (
        <Center h={240}>
          <Loader role="status" color="gray.3" size="sm" aria-label={t('media:capture.starting')} />
        </Center>
      )}
      <video
        ref={ref}
        autoPlay
        muted
        playsInline
        onLoadedData={onFrame}
        aria-label={t('media:capture.preview')}
        style={{
          display: stream ? 'block' : 'none',
          width: '100%',
          maxHeight: '60vh',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      />
    </Box>
  );
}
