import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Redraws the microphone's waveform each frame from the analyser's time-domain samples. */
export function Waveform({ analyser }: { analyser: AnalyserNode }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.floor(canvas.clientWidth * ratio);
      const height = Math.floor(canvas.clientHeight * ratio);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      analyser.getByteTimeDomainData(samples);
      context.clearRect(0, 0, width, height);
      // The line takes the canvas's CSS colour, so it follows the theme.
      context.strokeStyle = getComputedStyle(canvas).color;
      context.lineWidth = 2 * ratio;
      context.beginPath();
      samples.forEach((sample, index) => {
        const x = (index / (samples.length - 1)) * width;
        const y = (sample / 255) * height;
        if (index === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      });
      context.stroke();
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [analyser]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={t('media:capture.waveform')}
      data-testid="audio-waveform"
      style={{
        width: '100%',
        height: 72,
        color: 'var(--mantine-color-blue-6)',
        background: 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
}
