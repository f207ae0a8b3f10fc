/**
 * The audio recorder's AudioWorklet: posts each block of the first input channel to the page,
 * which joins them into a WAV file. Built as its own file (imported with `?worker&url`) because
 * the Content-Security-Policy loads worklets from this origin only.
 */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: typeof AudioWorkletProcessor): void;

class PcmCapture extends AudioWorkletProcessor {
  process(inputs: Float32Array[][]) {
    const channel = inputs[0]?.[0];
    // The engine reuses its buffers: send a copy.
    if (channel) this.port.postMessage(channel.slice());
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);

export {};
