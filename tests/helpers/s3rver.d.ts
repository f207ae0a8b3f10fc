declare module 's3rver' {
  /** s3rver 3: a local S3 over HTTP, objects kept under `directory`. */
  interface S3rverOptions {
    address?: string;
    /** 0: a free port, read back from run(). */
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
