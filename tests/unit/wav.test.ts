import { describe, expect, it } from 'vitest';
import {
  WAV_HEADER_BYTES,
  encodeWav,
  joinSamples,
} from '../../client/src/features/media/capture/wav';

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));

describe('encodeWav', () => {
  const samples = new Float32Array([0, 0.5, -0.5, 1, -1, 2, -2]);
  const view = new DataView(encodeWav(samples, 48_000));

  it('writes a RIFF/WAVE header for mono 16-bit PCM at the sample rate', () => {
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
  });

  it('sizes the file, the RIFF chunk and the data chunk by the number of samples', () => {
    expect(view.byteLength).toBe(WAV_HEADER_BYTES + samples.length * 2);
    expect(view.getUint32(4, true)).toBe(view.byteLength - 8);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
  });

  it('stores samples as little-endian 16-bit integers, clipping outside -1..1', () => {
    const stored = Array.from({ length: samples.length }, (_, index) =>
      view.getInt16(WAV_HEADER_BYTES + index * 2, true),
    );
    expect(stored).toEqual([0, 16383, -16384, 32767, -32768, 32767, -32768]);
  });

  it('writes only a header for no samples', () => {
    const empty = new DataView(encodeWav(new Float32Array(0), 44_100));
    expect(empty.byteLength).toBe(WAV_HEADER_BYTES);
    expect(empty.getUint32(40, true)).toBe(0);
  });
});

describe('joinSamples', () => {
  it('joins recorded blocks in order', () => {
    const joined = joinSamples([
      new Float32Array([1, 2]),
      new Float32Array([]),
      new Float32Array([3]),
    ]);
    expect(Array.from(joined)).toEqual([1, 2, 3]);
  });
});
