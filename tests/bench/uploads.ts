import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_FILE_MAX_BYTES, type MediaItem } from '@rules';
import { cpuSpent, snapshotCpu, type ServerCpu } from './cpu';
import type { Exec } from './seed';

/**
 * The issue's media scenario, against one app server process (its RSS read from /proc):
 *  (a) one 1 GB file (MEDIA_FILE_MAX_BYTES, the largest allowed) uploaded through tus in 8 MB
 *      PATCHes, as the browser client sends it: throughput against writing the same bytes to the
 *      same disk with fs streams, and the server's peak RSS growth over its RSS just before;
 *  (b) 100 uploads of 5 MB at once by 10 people (10 each): failures, p50/p99 seconds per upload
 *      (from the creating POST to the last PATCH's answer);
 *  (c) the location sort: 100,000 located stories in one space, 200 `stories(orderBy: location,
 *      position)` requests one at a time from random positions against the recent sort (and the
 *      nearby filter), p50/p99.
 * Files start with an MP4 `ftyp` box so the server's sniffing accepts them as video; the rest is
 * random bytes (one random 8 MB block, varied per chunk, so nothing compresses or repeats).
 */
export const UPLOAD_BENCH = {
  bigBytes: MEDIA_FILE_MAX_BYTES,
  chunkBytes: 8 * 1024 * 1024,
  smallBytes: 5 * 1024 * 1024,
  people: 10,
  uploadsEach: 10,
  rssGoalMiB: 64,
  rssSampleMs: 100,
  nearbyRequests: 200,
  warmupRequests: 20,
} as const;

/** Where the located stories lie: a box over India (lat 8–35, lng 68–97), as many posts would. */
const AREA = { lat: [8, 35], lng: [68, 97] } as const;

/** An ISO-BMFF `ftyp` box (size 24, brand isom, version 0x200, isom and iso2): file-type reads video/mp4. */
const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
]);

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

export interface UploadServer {
  url: string;
  /** The server's process (one process, no cluster workers): its VmRSS is sampled. */
  pid: number;
  /** What that process is, for the report. */
  description: string;
}

export interface UploadBenchOptions {
  server: UploadServer;
  /** Bearer tokens of UPLOAD_BENCH.people people who may post in `spaceId`. */
  tokens: string[];
  spaceId: string;
  /** A temp directory on the same disk as the server's DATA_DIR. */
  workDir: string;
  log: (message: string) => void;
}

/** The process's resident set in bytes, from /proc/<pid>/status (VmRSS, in kB). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/mu.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS every UPLOAD_BENCH.rssSampleMs until stopped: the peak and the count. */
function sampleRss(pid: number) {
  let peak = 0;
  let samples = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid));
      samples++;
      await sleep(UPLOAD_BENCH.rssSampleMs);
    }
  })();
  return async () => {
    running = false;
    await done;
    return { peak, samples };
  };
}

/** One random 8 MB block, the MP4 header in front; chunk i is the block with its bytes shifted by i. */
function fileChunk(block: Buffer, index: number, length: number): Buffer {
  const chunk = Buffer.allocUnsafe(length);
  const shift = (index * 7919) % block.length;
  const head = block.subarray(shift, shift + length);
  head.copy(chunk, 0);
  if (head.length < length) block.copy(chunk, head.length, 0, length - head.length);
  if (index === 0) MP4_HEADER.copy(chunk, 0);
  return chunk;
}

/** Writes `size` bytes of fileChunk()s to `file` (the same bytes every run of one block). */
async function generateFile(file: string, size: number, block: Buffer) {
  const handle = await open(file, 'w');
  try {
    for (let offset = 0, index = 0; offset < size; offset += block.length, index++)
      await handle.write(fileChunk(block, index, Math.min(block.length, size - offset)));
  } finally {
    await handle.close();
  }
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const tusHeaders = (token: string) => ({
  'Tus-Resumable': '1.0.0',
  authorization: `Bearer ${token}`,
});

/** Creates a tus upload of `size` bytes and answers its URL. */
async function createUpload(
  server: UploadServer,
  token: string,
  spaceId: string,
  size: number,
  name: string,
) {
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tusHeaders(token),
      'Upload-Length': String(size),
      'Upload-Metadata': metadata({
        filename: name,
        filetype: 'video/mp4',
        path: 'stories',
        spaceId,
      }),
    },
  });
  const location = response.headers.get('location');
  if (response.status !== 201 || !location)
    throw new Error(`creating an upload answered ${response.status}: ${await response.text()}`);
  return new URL(location, server.url).toString();
}

/** Sends bytes at `offset`; answers the MediaItem when they were the last ones. */
async function sendChunk(
  uploadUrl: string,
  token: string,
  offset: number,
  bytes: Buffer,
  size: number,
) {
  const response = await fetch(uploadUrl, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(token),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    // Node's Buffers are Uint8Arrays over an ArrayBuffer (never a shared one here).
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (response.status !== 204 && response.status !== 200)
    throw new Error(`a PATCH at ${offset} answered ${response.status}: ${await response.text()}`);
  const next = Number(response.headers.get('upload-offset'));
  if (next !== offset + bytes.length)
    throw new Error(`a PATCH at ${offset} left the upload at ${next}`);
  if (next < size) {
    await response.arrayBuffer();
    return null;
  }
  const header = response.headers.get('x-media-item');
  const body = await response.text();
  return JSON.parse(header ? decodeURIComponent(header) : body) as MediaItem;
}

/** Uploads a file from disk in UPLOAD_BENCH.chunkBytes PATCHes, one at a time, as tus-js-client does. */
async function uploadFile(options: UploadBenchOptions, file: string, size: number, name: string) {
  const token = options.tokens[0]!;
  const uploadUrl = await createUpload(options.server, token, options.spaceId, size, name);
  const handle = await open(file, 'r');
  const buffer = Buffer.allocUnsafe(UPLOAD_BENCH.chunkBytes);
  try {
    for (let offset = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (!bytesRead) throw new Error('the whole file was sent and the server answered no item');
      const item = await sendChunk(uploadUrl, token, offset, buffer.subarray(0, bytesRead), size);
      offset += bytesRead;
      if (item) return item;
    }
  } finally {
    await handle.close();
  }
}

/** tus-js-client's retry delays (the contract's): a dropped connection is retried after these. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** Runs `step`, again after each delay while it fails on the network (fetch's TypeError). */
async function retrying<T>(step: () => Promise<T>, onRetry: () => void): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof TypeError) || attempt >= RETRY_DELAYS_MS.length) throw error;
      onRetry();
      await sleep(RETRY_DELAYS_MS[attempt]!);
    }
  }
}

/** Where the server has an upload: HEAD's Upload-Offset. */
async function serverOffset(uploadUrl: string, token: string) {
  const response = await fetch(uploadUrl, { method: 'HEAD', headers: tusHeaders(token) });
  if (!response.ok) throw new Error(`HEAD answered ${response.status}`);
  return Number(response.headers.get('upload-offset'));
}

/** A finished upload's item whose last answer was lost (S1's `/api/uploads/{id}/item`). */
async function finishedItem(uploadUrl: string, token: string) {
  const response = await fetch(`${uploadUrl}/item`, { headers: tusHeaders(token) });
  if (!response.ok) throw new Error(`the item of a finished upload answered ${response.status}`);
  return (await response.json()) as MediaItem;
}

/**
 * One small upload as tus-js-client sends it, timed from the creating POST to the last PATCH's
 * answer: a dropped connection is retried (HEAD for the server's offset, then PATCH the rest).
 */
async function timedUpload(
  options: UploadBenchOptions,
  token: string,
  bytes: Buffer,
  name: string,
): Promise<{ seconds: number; item: MediaItem | null; retries: number; error?: string }> {
  const started = process.hrtime.bigint();
  let retries = 0;
  const retried = () => void retries++;
  try {
    const uploadUrl = await retrying(
      () => createUpload(options.server, token, options.spaceId, bytes.length, name),
      retried,
    );
    let first = true;
    const item = await retrying(async () => {
      const offset = first ? 0 : await serverOffset(uploadUrl, token);
      first = false;
      if (offset === bytes.length) return finishedItem(uploadUrl, token);
      return sendChunk(uploadUrl, token, offset, bytes.subarray(offset), bytes.length);
    }, retried);
    return { seconds: seconds(started), item, retries };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return {
      seconds: seconds(started),
      item: null,
      retries,
      error: `${String(error)}${cause ? ` (${String(cause)})` : ''}`,
    };
  }
}

const mib = (bytes: number) => (bytes / MiB).toFixed(1);

export async function measureUploads(options: UploadBenchOptions): Promise<string[]> {
  const { log, server } = options;
  const block = randomBytes(UPLOAD_BENCH.chunkBytes);
  const big = path.join(options.workDir, 'one-gigabyte.mp4');
  const copy = path.join(options.workDir, 'disk-baseline-copy.mp4');
  const out: string[] = [''];
  try {
    log(`uploads: writing a ${mib(UPLOAD_BENCH.bigBytes)} MiB file`);
    await generateFile(big, UPLOAD_BENCH.bigBytes, block);

    // Disk baseline: the same bytes read and written to the same disk with fs streams.
    let started = process.hrtime.bigint();
    const copyCpu = process.cpuUsage();
    await pipeline(createReadStream(big), createWriteStream(copy));
    const diskSeconds = seconds(started);
    const diskCpu = process.cpuUsage(copyCpu);
    await rm(copy, { force: true });

    // A small upload first, so what the first one loads (file-type, the tus store) is not counted as growth.
    const warm = Buffer.concat([MP4_HEADER, block.subarray(0, 64 * 1024)]);
    const warmed = await timedUpload(options, options.tokens[0]!, warm, 'warm-up.mp4');
    if (!warmed.item) throw new Error(`the warm-up upload failed: ${warmed.error}`);

    // (a) The 1 GB upload, RSS sampled throughout.
    const rssBefore = await rssOf(server.pid);
    const serverCpu: ServerCpu = { kind: 'process-tree', root: server.pid };
    const cpuBefore = snapshotCpu(serverCpu, []);
    const stopSampling = sampleRss(server.pid);
    log('uploads: sending the 1 GB file through tus');
    started = process.hrtime.bigint();
    const item = await uploadFile(options, big, UPLOAD_BENCH.bigBytes, 'one-gigabyte.mp4');
    const uploadSeconds = seconds(started);
    const rss = await stopSampling();
    const uploadCpuMs = cpuSpent(cpuBefore, snapshotCpu(serverCpu, [])).server;
    if (item.size !== UPLOAD_BENCH.bigBytes)
      throw new Error(`the server kept ${item.size} bytes of ${UPLOAD_BENCH.bigBytes}`);
    const served = await fetch(`${server.url}${item.url}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${options.tokens[0]!}` },
    });
    const servedBytes = Number(served.headers.get('content-length'));
    await rm(big, { force: true });

    const diskRate = UPLOAD_BENCH.bigBytes / MiB / diskSeconds;
    const uploadRate = UPLOAD_BENCH.bigBytes / MiB / uploadSeconds;
    const growth = rss.peak - rssBefore;
    out.push(
      `uploads (a): one ${mib(UPLOAD_BENCH.bigBytes)} MiB file through tus (${mib(UPLOAD_BENCH.chunkBytes)} MiB PATCHes, one at a time, Bearer), server: ${server.description}`,
    );
    out.push(
      `  disk baseline (fs read stream → write stream, same disk): ${diskSeconds.toFixed(2)} s, ${diskRate.toFixed(0)} MiB/s; ` +
        `CPU ${((diskCpu.user + diskCpu.system) / 1e6).toFixed(2)} s`,
    );
    out.push(
      `  tus upload: ${uploadSeconds.toFixed(2)} s, ${uploadRate.toFixed(0)} MiB/s, ratio to the disk baseline ${(uploadRate / diskRate).toFixed(2)}; ` +
        `stored ${item.size} bytes, served back (HEAD ${item.url}) ${served.status} with ${servedBytes} bytes`,
    );
    out.push(
      `  server CPU for the upload: ${(uploadCpuMs / 1000).toFixed(2)} s (${(uploadCpuMs / (UPLOAD_BENCH.bigBytes / MiB)).toFixed(1)} ms per MiB: ` +
        `${((UPLOAD_BENCH.bigBytes / MiB / uploadCpuMs) * 1000).toFixed(0)} MiB/s if it had a core to itself)`,
    );
    out.push(
      `  load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (other work on the machine slows both sides)`,
    );
    out.push(
      `  server RSS: ${mib(rssBefore)} MiB before, peak ${mib(rss.peak)} MiB (${rss.samples} samples every ${UPLOAD_BENCH.rssSampleMs} ms): ` +
        `growth ${mib(growth)} MiB (goal < ${UPLOAD_BENCH.rssGoalMiB} MiB: ${growth < UPLOAD_BENCH.rssGoalMiB * MiB ? 'met' : 'NOT met'})`,
    );

    // (b) 100 uploads of 5 MB at once, 10 per person.
    const small = fileChunk(block, 1, UPLOAD_BENCH.smallBytes);
    MP4_HEADER.copy(small, 0);
    const rssBeforeMany = await rssOf(server.pid);
    const stopMany = sampleRss(server.pid);
    log('uploads: 100 × 5 MB at once');
    started = process.hrtime.bigint();
    const results = await Promise.all(
      options.tokens.flatMap((token, person) =>
        Array.from({ length: UPLOAD_BENCH.uploadsEach }, (_, i) =>
          timedUpload(options, token, small, `person-${person}-clip-${i}.mp4`),
        ),
      ),
    );
    const wallSeconds = seconds(started);
    const manyRss = await stopMany();
    const failures = results.filter((result) => !result.item);
    const retries = results.reduce((sum, result) => sum + result.retries, 0);
    const stored = new Set(
      results.flatMap((result) => (result.item ? [result.item.uploadId] : [])),
    );
    const times = sortedOf(results.map((result) => result.seconds));
    out.push(
      `uploads (b): ${results.length} uploads of ${mib(UPLOAD_BENCH.smallBytes)} MiB at once by ${options.tokens.length} people ` +
        `(each one POST + one PATCH): failures ${failures.length} (goal 0: ${failures.length === 0 ? 'met' : 'NOT met'}), ` +
        `${stored.size} distinct uploads stored, ${retries} dropped connections retried as tus-js-client does; per upload p50 ${percentile(times, 50).toFixed(2)} s, p99 ${percentile(times, 99).toFixed(2)} s; ` +
        `all done in ${wallSeconds.toFixed(2)} s (${((results.length * UPLOAD_BENCH.smallBytes) / MiB / wallSeconds).toFixed(0)} MiB/s); ` +
        `server RSS peak growth ${mib(manyRss.peak - rssBeforeMany)} MiB`,
    );
    for (const failure of failures.slice(0, 3)) out.push(`  failure: ${failure.error}`);
    for (const line of out) log(line);
  } finally {
    await rm(big, { force: true });
    await rm(copy, { force: true });
  }
  return out;
}

export interface NearbyBenchOptions {
  url: string;
  token: string;
  exec: Exec;
  spaceId: string;
  log: (message: string) => void;
}

const STORIES = `query($spaceId: ID, $orderBy: StorySort, $position: PositionInput, $distance: DistanceFilter, $first: Int) {
  stories(spaceId: $spaceId, orderBy: $orderBy, position: $position, distance: $distance, first: $first) {
    items { id distanceKm }
    last
  }
}`;

/** A deterministic stream of positions inside AREA (a small LCG: the same positions every run). */
function positions(count: number) {
  let state = 20_261_123;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => ({
    lat: AREA.lat[0] + next() * (AREA.lat[1] - AREA.lat[0]),
    lng: AREA.lng[0] + next() * (AREA.lng[1] - AREA.lng[0]),
  }));
}

/** Places every story of the space at a random point of AREA (seeded random). */
async function locateStories(exec: Exec, spaceId: string) {
  await exec(`select setseed(0.2611)`);
  await exec(`
    update stories
    set lat = ${AREA.lat[0]} + random() * ${AREA.lat[1] - AREA.lat[0]},
        lng = ${AREA.lng[0]} + random() * ${AREA.lng[1] - AREA.lng[0]},
        formatted_location = 'Bench place ' || left(id, 8)
    where space_id = '${spaceId}'`);
  await exec(`vacuum analyze stories`);
}

export async function measureNearby(options: NearbyBenchOptions): Promise<string[]> {
  const { log } = options;
  log('uploads: placing the stories for the location sort');
  let started = process.hrtime.bigint();
  await locateStories(options.exec, options.spaceId);
  const locateSeconds = seconds(started);
  const request = async (variables: Record<string, unknown>) => {
    const begun = process.hrtime.bigint();
    const response = await fetch(`${options.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify({
        query: STORIES,
        variables: { spaceId: options.spaceId, first: 20, ...variables },
      }),
    });
    const body = (await response.json()) as {
      data?: { stories: { items: { id: string; distanceKm: number | null }[] } };
      errors?: unknown[];
    };
    if (!body.data || body.errors)
      throw new Error(`stories failed: ${JSON.stringify(body.errors)}`);
    return { ms: seconds(begun) * 1000, items: body.data.stories.items };
  };
  const cases = [
    { name: 'recent sort (orderBy: recent)', variables: () => ({ orderBy: 'recent' }) },
    {
      name: 'location sort (orderBy: location, position)',
      variables: (position: { lat: number; lng: number }) => ({ orderBy: 'location', position }),
    },
    {
      name: 'nearby filter (distance: nearby, position, recent)',
      variables: (position: { lat: number; lng: number }) => ({
        orderBy: 'recent',
        distance: 'nearby',
        position,
      }),
    },
  ];
  const points = positions(UPLOAD_BENCH.warmupRequests + UPLOAD_BENCH.nearbyRequests);
  const out = [
    '',
    `location sort (c): ${options.spaceId} space's stories all located (placed in ${locateSeconds.toFixed(1)} s), ` +
      `${UPLOAD_BENCH.nearbyRequests} GraphQL requests of 20 one at a time after ${UPLOAD_BENCH.warmupRequests} warm-up, random positions`,
  ];
  const p50s: number[] = [];
  for (const { name, variables } of cases) {
    const times: number[] = [];
    let items = 0;
    started = process.hrtime.bigint();
    for (const [i, position] of points.entries()) {
      const answer = await request(variables(position));
      if (i >= UPLOAD_BENCH.warmupRequests) {
        times.push(answer.ms);
        items += answer.items.length;
      }
      if (name.startsWith('location') && answer.items.length !== 20)
        throw new Error(`the location sort answered ${answer.items.length} stories`);
    }
    const sorted = sortedOf(times);
    p50s.push(percentile(sorted, 50));
    out.push(
      `  ${name}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms, ` +
        `${(items / times.length).toFixed(1)} stories per answer`,
    );
  }
  out.push(`  location sort p50 / recent sort p50: ×${(p50s[1]! / p50s[0]!).toFixed(2)}`);
  return out;
}
