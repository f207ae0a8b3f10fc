import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  bytesPerResponse: number;
}

/**
 * autocannon in a worker thread (`workers: 1`): the measured server keeps this process's main
 * thread for itself, and the load generator does not steal its event loop. Loopback only.
 */
export async function load(
  target: LoadTarget,
  options: {
    connections: number;
    seconds: number;
    /** requests/s over all connections */ rate?: number;
  },
): Promise<LoadResult> {
  const url = new URL(target.url);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
    throw new Error(`refusing to load ${url.host}`);
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate && { overallRate: options.rate }),
    workers: 1,
  });
  const requests = result.requests.total;
  return {
    name: target.name,
    requestsPerSecond: requests / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: requests ? result.throughput.total / requests : 0,
  };
}
