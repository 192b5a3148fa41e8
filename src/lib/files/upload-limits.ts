// How large each kind of stored file may be (ADR 0008): the `maxBytes` every put of that kind
// passes, enforced while the bytes stream in.
const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  avatar: 2 * MB,
  bom: 10 * MB,
  design: 50 * MB,
  datasheet: 30 * MB,
  userAsset: 20 * MB,
} as const satisfies Record<string, number>;

export type UploadKind = keyof typeof UPLOAD_LIMITS;
