// s3rver ships no types; this covers the part of its API the local stack uses.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: unknown[] }[];
  }
  /** An object as its PUT hands it to the store. */
  export interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }
  /** The filesystem store (lib/stores/filesystem.js): the methods the local stack replaces or calls. */
  export interface S3rverStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: S3rverStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
