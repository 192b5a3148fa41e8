// The parts of @20minutes/s3rver (a local S3 server, devDependency) that tests/helpers/s3-server.ts uses.
declare module '@20minutes/s3rver' {
  type Options = { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
