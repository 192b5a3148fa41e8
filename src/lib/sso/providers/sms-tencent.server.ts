import { withoutHost } from './sms-aliyun.server.ts';
import { signTencentTc3 } from './signing.server.ts';
import type { FetchLike, SmsMessage, SmsProvider } from './sms.ts';

export type TencentSmsOptions = {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** A verification-code template whose only variable {1} is the code. */
  templateId: string;
  region?: string;
  fetch?: FetchLike;
  /** Seconds since the epoch (X-TC-Timestamp); injectable for tests. */
  nowSeconds?: () => number;
};

/** Tencent Cloud SMS (sms 2021-01-11 SendSms), signed with TC3-HMAC-SHA256. */
export function createTencentSmsProvider(options: TencentSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  return {
    kind: 'tencent',
    async send(message: SmsMessage) {
      const signed = tencentSendSmsRequest(options, message, (options.nowSeconds ?? (() => Math.floor(Date.now() / 1000)))());
      const res = await doFetch(signed.url, { method: 'POST', headers: withoutHost(signed.headers), body: signed.payload, signal: AbortSignal.timeout(5000) });
      const body = (await res.json().catch(() => ({}))) as {
        Response?: { Error?: { Code?: string }; SendStatusSet?: { Code?: string }[] };
      };
      const error = body.Response?.Error?.Code;
      const status = body.Response?.SendStatusSet?.[0]?.Code;
      if (!res.ok || error || status !== 'Ok') throw new Error(`Tencent SendSms failed: HTTP ${res.status} ${error ?? status ?? ''}`.trim());
    },
  };
}

export function tencentSendSmsRequest(options: TencentSmsOptions, message: SmsMessage, timestamp: number) {
  const payload = JSON.stringify({
    PhoneNumberSet: [`+${message.phoneKey}`],
    SmsSdkAppId: options.sdkAppId,
    SignName: options.signName,
    TemplateId: options.templateId,
    TemplateParamSet: [message.code],
  });
  const signed = signTencentTc3({
    secretId: options.secretId,
    secretKey: options.secretKey,
    service: 'sms',
    host: 'sms.tencentcloudapi.com',
    action: 'SendSms',
    version: '2021-01-11',
    region: options.region ?? 'ap-guangzhou',
    timestamp,
    payload,
  });
  return { ...signed, payload };
}
