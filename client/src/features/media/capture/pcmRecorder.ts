import workletUrl from './pcmCapture.worklet.ts?worker&url';
import { encodeWav, joinSamples } from './wav';

/** Samples per block of the ScriptProcessor fallback (about 85 ms at 48 kHz). */
const FALLBACK_BLOCK = 4096;

/**
 * Microphone audio as raw samples, with an AnalyserNode for the live waveform. PCM comes from
 * an AudioWorklet, or a ScriptProcessor where worklets are missing; either way nothing is heard
 * (its output goes through a muted gain).
 */
export interface PcmRecorder {
  analyser: AnalyserNode;
  /** Ends the capture and answers the WAV file's bytes. */
  finish(): Promise<ArrayBuffer>;
  /** Ends the capture, dropping what was recorded. */
  close(): void;
}

export async function startPcmRecorder(stream: MediaStream): Promise<PcmRecorder> {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const muted = context.createGain();
  muted.gain.value = 0;
  muted.connect(context.destination);

  const blocks: Float32Array[] = [];
  let capture: AudioNode;
  try {
    await context.audioWorklet.addModule(workletUrl);
    const node = new AudioWorkletNode(context, 'pcm-capture', { numberOfOutputs: 1 });
    node.port.onmessage = (event: MessageEvent<Float32Array>) => blocks.push(event.data);
    capture = node;
  } catch {
    const processor = context.createScriptProcessor(FALLBACK_BLOCK, 1, 1);
    processor.onaudioprocess = (event) =>
      blocks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
    capture = processor;
  }
  source.connect(capture);
  capture.connect(muted);
  if (context.state === 'suspended') await context.resume();

  const close = () => {
    source.disconnect();
    capture.disconnect();
    void context.close();
  };
  return {
    analyser,
    close,
    async finish() {
      const sampleRate = context.sampleRate;
      close();
      return encodeWav(joinSamples(blocks), sampleRate);
    },
  };
}
