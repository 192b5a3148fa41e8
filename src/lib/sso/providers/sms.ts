// The SMS provider interface; implementations are chosen by SMS_PROVIDER (options.server.ts).

export type SmsPurpose = 'login' | 'bind';

export type SmsMessage = {
  /** E.164 digits without '+', e.g. 8613812341234. */
  phoneKey: string;
  /** National number, e.g. 13812341234. */
  national: string;
  areacode: string;
  /** The 6-digit code: the only place it exists in clear, besides the user's phone. */
  code: string;
  purpose: SmsPurpose;
};

export type SmsProvider = {
  readonly kind: 'dev' | 'aliyun' | 'tencent';
  /** Sends the code; throws on any provider failure (the message must not contain the code or phone). */
  send(message: SmsMessage): Promise<void>;
};

export type DevInboxEntry = { code: string; purpose: SmsPurpose; at: number };

/** The development provider also keeps an inbox, read by GET /dev/inbox (dev only). */
export type DevSmsProvider = SmsProvider & {
  readonly kind: 'dev';
  inbox(phoneKey: string): DevInboxEntry[];
};

export function isDevSmsProvider(provider: SmsProvider): provider is DevSmsProvider {
  return provider.kind === 'dev' && typeof (provider as DevSmsProvider).inbox === 'function';
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;
