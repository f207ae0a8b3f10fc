declare module 'madge' {
  /** madge 8: the options the import-cycle test passes (the CLI reads the same from .madgerc). */
  export interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  export interface MadgeResult {
    /** Each cycle as the files in it, relative to baseDir. */
    circular(): string[][];
  }
  export default function madge(path: string, config: MadgeConfig): Promise<MadgeResult>;
}
