import { Button, Group, Stack } from '@mantine/core';
import { IconCamera, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraPreview } from './CameraPreview';
import { DeviceProblemAlert } from './DeviceProblemAlert';
import { useDeviceStream } from './mediaDevices';

/** Draws the video's current frame on the canvas at the camera's own resolution. */
function drawFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement) {
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
}

const canvasPng = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/png',
    ),
  );

/**
 * Photo mode (000 §4): the live camera, Capture freezes a frame, Retake goes back to the camera,
 * Submit hands the frame over as a PNG file.
 */
export function PhotoCapture({ onPhoto }: { onPhoto: (file: File) => void }) {
  const { t } = useTranslation();
  const { stream, problem } = useDeviceStream('camera');
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [captured, setCaptured] = useState(false);
  // A stream comes before its first frame: captured earlier, the photo would be 0 by 0 pixels.
  const [hasFrame, setHasFrame] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (problem) return <DeviceProblemAlert problem={problem} device="camera" />;

  const capture = () => {
    if (!videoRef.current || !canvasRef.current) return;
    drawFrame(videoRef.current, canvasRef.current);
    setCaptured(true);
  };
  const submit = async () => {
    if (!canvasRef.current) return;
    setSubmitting(true);
    const blob = await canvasPng(canvasRef.current).finally(() => setSubmitting(false));
    onPhoto(new File([blob], `photo-${Date.now()}.png`, { type: 'image/png' }));
  };

  return (
    <Stack>
      <CameraPreview
        stream={stream}
        videoRef={videoRef}
        hidden={captured}
        onFrame={() => setHasFrame(true)}
      />
      {/* The captured frame stays on its canvas: a blob: image would be refused by the CSP. */}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('media:capture.capturedPhoto')}
        hidden={!captured}
        style={{ width: '100%', maxHeight: '60vh', objectFit: 'contain' }}
      />
      <Group justify="flex-end">
        {captured ? (
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => setCaptured(false)}
            >
              {t('media:capture.retake')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} />}
              loading={submitting}
              onClick={() => void submit()}
            >
              {t('media:capture.submit')}
            </Button>
          </>
        ) : (
          <Button
            leftSection={<IconCamera size={16} />}
            disabled={!stream || !hasFrame}
            onClick={capture}
          >
            {t('media:capture.capture')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
