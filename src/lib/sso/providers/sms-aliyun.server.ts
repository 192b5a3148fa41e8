import { randomUUID } from 'node:crypto';
import { signAliyunV3 } from './signing.server.ts';
import type { FetchLike, SmsMessage, SmsProvider } from './sms.ts';

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A verification-code template with the variable ${code}. */
  templateCode: string;
  endpoint?: string;
  fetch?: FetchLike;
  /** Milliseconds since the epoch (x-acs-date); injectable for tests. */
  nowMs?: () => number;
};

/** Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms), signed with ACS3-HMAC-SHA256. */
export function createAliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const host = options.endpoint ?? 'dysmsapi.aliyuncs.com';
  return {
    kind: 'aliyun',
    async send(message: SmsMessage) {
      const signed = aliyunSendSmsRequest(options, host, message, new Date((options.nowMs ?? Date.now)()), randomUUID());
      const res = await doFetch(signed.url, { method: 'POST', headers: withoutHost(signed.headers), body: '', signal: AbortSignal.timeout(5000) });
      const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (!res.ok || body.Code !== 'OK') throw new Error(`Aliyun SendSms failed: HTTP ${res.status} ${body.Code ?? ''}`.trim());
    },
  };
}

export function aliyunSendSmsRequest(options: AliyunSmsOptions, host: string, message: SmsMessage, date: Date, nonce: string) {
  return signAliyunV3({
    method: 'POST',
    host,
    query: {
      PhoneNumbers: message.areacode === '86' ? message.national : message.phoneKey,
      SignName: options.signName,
      TemplateCode: options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
    },
    body: '',
    action: 'SendSms',
    version: '2017-05-25',
    accessKeyId: options.accessKeyId,
    accessKeySecret: options.accessKeySecret,
    date: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    nonce,
  });
}

/** fetch sets Host from the URL itself (it is a forbidden header). */
export function withoutHost(headers: Record<string, string>): Record<string, string> {
  const { host: _host, ...rest } = headers;
  return rest;
}
