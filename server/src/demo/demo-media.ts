import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaInput, MediaItem, UploadPathKind } from '@rules';
import sharp from 'sharp';
import type { Context } from '../context';
import { storeTranscript } from '../modules/ai/transcription.service';
import type { HeardSegment } from '../modules/ai/transcription-providers';
import { finishUpload, startUpload } from '../modules/media/media.service';
import type { DemoMedia, DemoPicture, DemoRecording } from './demo-community';

const WIDTH = 960;
const HEIGHT = 640;

/** A street after the clean-up: the drain grate and the plastic that blocked it. */
const drainSvg = `
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#9aa5ad"/>
  <rect y="420" width="${WIDTH}" height="220" fill="#6b747b"/>
  <rect x="330" y="440" width="300" height="140" rx="8" fill="#2f3438"/>
  ${Array.from({ length: 9 }, (_, bar) => `<rect x="${350 + bar * 30}" y="450" width="12" height="120" fill="#4b5257"/>`).join('')}
  <circle cx="380" cy="430" r="26" fill="#e94f37"/><circle cx="450" cy="418" r="20" fill="#f6c445"/>
  <circle cx="540" cy="432" r="30" fill="#3f88c5"/><circle cx="600" cy="420" r="18" fill="#ffffff"/>
  <rect x="140" y="300" width="60" height="130" rx="10" fill="#2e7d32"/>
  <rect x="760" y="290" width="60" height="140" rx="10" fill="#2e7d32"/>`;

/** A village school's hand pump in the dry season. */
const pumpSvg = `
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#8fd3f4"/>
  <circle cx="800" cy="120" r="60" fill="#ffd166"/>
  <rect y="430" width="${WIDTH}" height="210" fill="#c8963e"/>
  <rect x="440" y="240" width="70" height="260" rx="10" fill="#37474f"/>
  <rect x="500" y="250" width="190" height="24" rx="12" fill="#546e7a" transform="rotate(-12 500 262)"/>
  <rect x="380" y="300" width="70" height="22" rx="8" fill="#455a64"/>
  <rect x="360" y="500" width="230" height="30" rx="6" fill="#8d6e63"/>
  <rect x="120" y="330" width="200" height="110" fill="#ef8354"/>
  <polygon points="100,330 220,250 340,330" fill="#b23a48"/>`;

/** A neighbourhood's water points: working taps in blue, broken ones in red. */
const mapSvg = `
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f1de"/>
  ${[120, 280, 440, 600, 760].map((x) => `<rect x="${x}" width="22" height="${HEIGHT}" fill="#ffffff"/>`).join('')}
  ${[110, 260, 410, 540].map((y) => `<rect y="${y}" width="${WIDTH}" height="22" fill="#ffffff"/>`).join('')}
  <path d="M0 600 C200 520 420 640 960 560" stroke="#81b29a" stroke-width="30" fill="none"/>
  ${Array.from({ length: 23 }, (_, tap) => {
    // Two different steps through 23 slots scatter the taps over the streets.
    const x = 70 + ((tap * 7) % 23) * 37;
    const y = 60 + ((tap * 11) % 23) * 23;
    return `<circle cx="${x}" cy="${y}" r="14" fill="${tap % 4 === 1 ? '#e63946' : '#1d6fa5'}"/>`;
  }).join('')}`;

const PICTURES: Record<DemoPicture, { name: string; svg: string }> = {
  drain: { name: 'cleared-drain.png', svg: drainSvg },
  pump: { name: 'school-hand-pump.png', svg: pumpSvg },
  map: { name: 'water-points-map.png', svg: mapSvg },
};

/** A picture drawn in code, as PNG bytes (the repository holds no demo binaries). */
const drawPicture = (picture: DemoPicture) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${PICTURES[picture].svg}</svg>`,
    ),
  )
    .png()
    .toBuffer();

/** A recording with its transcript, written as if transcribed (no provider is asked). */
const RECORDINGS: Record<DemoRecording, { name: string; seconds: number; said: HeardSegment[] }> = {
  tap: {
    name: 'ward-12-tap.wav',
    seconds: 12,
    said: [
      { endSeconds: 4.2, text: 'Ward 12, Tuesday morning. The tap came on at six ten.' },
      {
        endSeconds: 8.6,
        text: 'It ran for forty-one minutes, and not one drop reached the first floor.',
      },
      { endSeconds: 12, text: 'That is the third day in a row under an hour.' },
    ],
  },
};

const RATE = 8000;

/**
 * A quiet rising and falling tone as a 16-bit mono WAV (the recorder's format), made in code:
 * the repository holds no demo binaries.
 */
function makeRecording(seconds: number): Buffer {
  const samples = seconds * RATE;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    const pitch = 220 + 60 * Math.sin(2 * Math.PI * 0.25 * t);
    wav.writeInt16LE(Math.round(3000 * Math.sin(2 * Math.PI * pitch * t)), 44 + i * 2);
  }
  return wav;
}

/** The demo's file of an attachment, and its name. */
async function demoFile(entry: { picture: DemoPicture } | { recording: DemoRecording }) {
  if ('recording' in entry) {
    const recording = RECORDINGS[entry.recording];
    return { name: recording.name, bytes: makeRecording(recording.seconds) };
  }
  return { name: PICTURES[entry.picture].name, bytes: await drawPicture(entry.picture) };
}

/**
 * A demo post's attachments as its create input takes them: each picture drawn (each recording
 * made) and uploaded by the
 * post's author through the upload service (sniffed, stored in deps.storage, an uploads row and a
 * thumbnail), exactly as a finished tus upload is; YouTube links as they are.
 */
export async function demoMediaInputs(
  ctx: Context,
  media: readonly DemoMedia[] | undefined,
  kind: UploadPathKind,
  spaceId: string,
): Promise<MediaInput[]> {
  if (!media?.length) return [];
  const folder = await mkdtemp(join(tmpdir(), 'demo-media-'));
  try {
    const inputs: MediaInput[] = [];
    for (const entry of media) {
      if ('youtubeUrl' in entry) {
        inputs.push({ youtubeUrl: entry.youtubeUrl });
        continue;
      }
      const { name, bytes } = await demoFile(entry);
      const file = join(folder, name);
      await writeFile(file, bytes);
      const claim = await startUpload(ctx, { filename: name, path: kind, spaceId });
      const item = await finishUpload(ctx, { id: randomUUID(), file, claim });
      if (!item?.uploadId) throw new Error(`demo file ${name} was refused`);
      inputs.push({
        uploadId: item.uploadId,
        ...('recording' in entry && { duration: RECORDINGS[entry.recording].seconds }),
      });
    }
    return inputs;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The transcripts of a created post's recordings, kept as a transcription keeps them. */
export async function demoTranscripts(
  ctx: Context,
  media: readonly DemoMedia[] | undefined,
  files: readonly MediaItem[],
) {
  for (const [index, entry] of (media ?? []).entries()) {
    const uploadId = files[index]?.uploadId;
    if ('recording' in entry && uploadId)
      await storeTranscript(ctx, uploadId, RECORDINGS[entry.recording].said);
  }
}
