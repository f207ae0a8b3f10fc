import { useEffect, useState } from 'react';

/** Which devices a capture asks for. */
export type DeviceRequest = 'camera' | 'camera-and-microphone' | 'microphone';

const CONSTRAINTS: Record<DeviceRequest, MediaStreamConstraints> = {
  camera: { video: { facingMode: 'user' }, audio: false },
  'camera-and-microphone': { video: { facingMode: 'user' }, audio: true },
  microphone: { audio: true, video: false },
};

/**
 * Why a device could not be used: the person (or the browser's settings) said no, or something
 * else failed (no device, not a secure page, a device busy elsewhere) with its cause.
 */
export type DeviceProblem = { denied: true } | { denied: false; cause: string };

export function deviceProblemOf(error: unknown): DeviceProblem {
  if (error instanceof DOMException && ['NotAllowedError', 'SecurityError'].includes(error.name))
    return { denied: true };
  return { denied: false, cause: error instanceof Error ? error.message || error.name : '' };
}

/** Asks the browser for the devices; a browser without media devices (plain http) fails too. */
export function requestStream(request: DeviceRequest): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia)
    return Promise.reject(new Error('navigator.mediaDevices is not available on this page'));
  return navigator.mediaDevices.getUserMedia(CONSTRAINTS[request]);
}

/** Ends every track, so the browser's camera or microphone indicator goes off. */
export const stopStream = (stream: MediaStream | null | undefined) =>
  stream?.getTracks().forEach((track) => track.stop());

/**
 * A live stream from the devices for as long as the component is mounted (a capture dialog's
 * body), stopped when it unmounts.
 */
export function useDeviceStream(request: DeviceRequest) {
  const [state, setState] = useState<{ stream?: MediaStream; problem?: DeviceProblem }>({});
  useEffect(() => {
    let current = true;
    let stream: MediaStream | undefined;
    requestStream(request).then(
      (granted) => {
        stream = granted;
        if (current) setState({ stream: granted });
        else stopStream(granted);
      },
      (error: unknown) => {
        if (current) setState({ problem: deviceProblemOf(error) });
      },
    );
    return () => {
      current = false;
      stopStream(stream);
    };
  }, [request]);
  return state;
}

/** A recording's length as m:ss. */
export function formatRecordingTime(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
