import { RECORDING_CHUNK_SECONDS, RECORDING_MAX_SECONDS } from '@rules';
import { useEffect, useRef, useState } from 'react';

/** idle → recording → finishing (the last chunk is being closed) → complete. */
export type RecordingPhase = 'idle' | 'recording' | 'finishing' | 'complete';

/** The first webm type the browser records, or its default. */
const recordingType = () =>
  ['video/webm;codecs=vp8,opus', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type));

/**
 * Records a stream as webm in chunks of RECORDING_CHUNK_SECONDS (000 §4 video recording): the
 * recorder is stopped and started again at each boundary rather than sliced with a timeslice, so
 * every chunk is a playable file of its own and can be uploaded while the next one records.
 * Stops by itself at RECORDING_MAX_SECONDS.
 */
export function useChunkedRecording(
  stream: MediaStream | undefined,
  onChunk: (chunk: Blob, index: number) => void,
) {
  const [phase, setPhase] = useState<RecordingPhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const startedAt = useRef(0);
  const chunksOpen = useRef(0);
  const ended = useRef(false);
  /** The dialog closed without Submit: chunks still closing are not handed over. */
  const abandoned = useRef(false);
  const onChunkRef = useRef(onChunk);
  useEffect(() => {
    onChunkRef.current = onChunk;
  }, [onChunk]);

  const startChunk = (index: number) => {
    if (!stream) return;
    const type = recordingType();
    const chunkRecorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const parts: Blob[] = [];
    chunkRecorder.ondataavailable = (event) => {
      if (event.data.size > 0) parts.push(event.data);
    };
    chunkRecorder.onstop = () => {
      if (abandoned.current) return;
      onChunkRef.current(new Blob(parts, { type: chunkRecorder.mimeType || 'video/webm' }), index);
      chunksOpen.current -= 1;
      if (ended.current && chunksOpen.current === 0) setPhase('complete');
    };
    chunksOpen.current += 1;
    chunkRecorder.start();
    recorder.current = chunkRecorder;
  };

  const stop = () => {
    window.clearInterval(timer.current);
    if (ended.current) return;
    ended.current = true;
    setSeconds(Math.min(RECORDING_MAX_SECONDS, (Date.now() - startedAt.current) / 1000));
    setPhase('finishing');
    if (recorder.current?.state === 'recording') recorder.current.stop();
    else if (chunksOpen.current === 0) setPhase('complete');
  };

  const start = () => {
    if (!stream || phase !== 'idle') return;
    ended.current = false;
    startedAt.current = Date.now();
    let chunkIndex = 0;
    startChunk(chunkIndex);
    setPhase('recording');
    timer.current = window.setInterval(() => {
      const elapsed = (Date.now() - startedAt.current) / 1000;
      setSeconds(elapsed);
      if (elapsed >= RECORDING_MAX_SECONDS) {
        stop();
        return;
      }
      if (elapsed >= (chunkIndex + 1) * RECORDING_CHUNK_SECONDS) {
        recorder.current?.stop();
        chunkIndex += 1;
        startChunk(chunkIndex);
      }
    }, 250);
  };

  // Closing the dialog mid-recording ends the recorder and the timer (the chunks are dropped by
  // whoever opened the dialog, as Submit never came).
  useEffect(() => {
    abandoned.current = false;
    return () => {
      window.clearInterval(timer.current);
      ended.current = true;
      abandoned.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
    };
  }, []);

  return { phase, seconds, start, stop };
}
