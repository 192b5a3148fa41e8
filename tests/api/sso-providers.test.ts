import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/server/config.server.ts';
import { aliyunSendSmsRequest, createAliyunSmsProvider } from '../../src/lib/sso/providers/sms-aliyun.server.ts';
import { createDevSmsProvider } from '../../src/lib/sso/providers/sms-dev.server.ts';
import { createTencentSmsProvider } from '../../src/lib/sso/providers/sms-tencent.server.ts';
import { rfc3986, signAliyunV3, signTencentTc3 } from '../../src/lib/sso/providers/signing.server.ts';
import type { FetchLike, SmsMessage, SmsProvider } from '../../src/lib/sso/providers/sms.ts';
import { createOpenWechatProvider, qrconnectUrl } from '../../src/lib/sso/providers/wechat-open.server.ts';
import { makeSso, silent } from '../../src/lib/sso/testing.server.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

// SMS and WeChat providers without any network: signatures against the clouds' documented worked
// examples, request shapes through a recording fetch, and configuration rules.

const message: SmsMessage = { phoneKey: '8613812341234', national: '13812341234', areacode: '86', code: '042917', purpose: 'login' };

function recordingFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: { method: string; headers: Record<string, string>; body?: string } }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return { ok: status < 400, status, json: async () => answer };
  };
  return { calls, fetch };
}

describe('Alibaba Cloud ACS3-HMAC-SHA256', () => {
  it("matches the V3 signature document's fixed example (RunInstances, 2023-10-26T10:22:32Z)", () => {
    const signed = signAliyunV3({
      method: 'POST',
      host: 'ecs.cn-shanghai.aliyuncs.com',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      action: 'RunInstances',
      version: '2014-05-26',
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
      date: '2023-10-26T10:22:32Z',
      nonce: '3156853299f313e23d1673dc12e1703d',
    });
    expect(signed.stringToSign).toBe('ACS3-HMAC-SHA256\n7ea06492da5221eba5297e897ce16e55f964061054b7695beedaac1145b1e259');
    expect(signed.headers['authorization']).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    );
  });

  it('percent-encodes per RFC 3986 and builds a SendSms request (dysmsapi 2017-05-25)', () => {
    expect(rfc3986("a b*c+d/e=f&g:h!'()~")).toBe('a%20b%2Ac%2Bd%2Fe%3Df%26g%3Ah%21%27%28%29~');
    const signed = aliyunSendSmsRequest(
      { accessKeyId: 'id', accessKeySecret: 'secret', signName: '芯百科', templateCode: 'SMS_123' },
      'dysmsapi.aliyuncs.com',
      message,
      new Date('2026-01-02T03:04:05.678Z'),
      'nonce-1',
    );
    expect(signed.url).toBe(
      'https://dysmsapi.aliyuncs.com/?PhoneNumbers=13812341234&SignName=%E8%8A%AF%E7%99%BE%E7%A7%91&TemplateCode=SMS_123&TemplateParam=%7B%22code%22%3A%22042917%22%7D',
    );
    expect(signed.headers).toMatchObject({ 'x-acs-action': 'SendSms', 'x-acs-version': '2017-05-25', 'x-acs-date': '2026-01-02T03:04:05Z' });
  });

  it('sends through fetch and turns a non-OK Code into an error without the code or phone', async () => {
    const okFetch = recordingFetch({ Code: 'OK', Message: 'OK', BizId: '1' });
    const provider = createAliyunSmsProvider({ accessKeyId: 'id', accessKeySecret: 's', signName: 'S', templateCode: 'T', fetch: okFetch.fetch });
    await provider.send(message);
    expect(okFetch.calls[0]!.init.method).toBe('POST');
    expect(okFetch.calls[0]!.init.headers['authorization']).toMatch(/^ACS3-HMAC-SHA256 Credential=id,/);
    expect(okFetch.calls[0]!.init.headers['host']).toBeUndefined();
    const bad = recordingFetch({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' });
    const failing = createAliyunSmsProvider({ accessKeyId: 'id', accessKeySecret: 's', signName: 'S', templateCode: 'T', fetch: bad.fetch });
    const error = await failing.send(message).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(error!.message).not.toContain('042917');
    expect(error!.message).not.toContain('13812341234');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it("matches the signature v3 document's example (cvm DescribeInstances, 1551113065)", () => {
    const signed = signTencentTc3({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      action: 'DescribeInstances',
      version: '2017-03-12',
      region: 'ap-guangzhou',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(signed.headers['authorization']).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('sends SendSms (sms 2021-01-11) and checks SendStatusSet', async () => {
    const ok = recordingFetch({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } });
    const options = { secretId: 'sid', secretKey: 'skey', sdkAppId: '1400000000', signName: '芯百科', templateId: '100', nowSeconds: () => 1_767_225_600 };
    await createTencentSmsProvider({ ...options, fetch: ok.fetch }).send(message);
    const sent = ok.calls[0]!;
    expect(sent.url).toBe('https://sms.tencentcloudapi.com/');
    expect(sent.init.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-guangzhou', 'x-tc-timestamp': '1767225600' });
    expect(JSON.parse(sent.init.body!)).toEqual({
      PhoneNumberSet: ['+8613812341234'],
      SmsSdkAppId: '1400000000',
      SignName: '芯百科',
      TemplateId: '100',
      TemplateParamSet: ['042917'],
    });
    expect(sent.init.headers['authorization']).toMatch(/^TC3-HMAC-SHA256 Credential=sid\/2026-01-01\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    const limited = recordingFetch({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } });
    await expect(createTencentSmsProvider({ ...options, fetch: limited.fetch }).send(message)).rejects.toThrow('LimitExceeded');
    const authError = recordingFetch({ Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } });
    await expect(createTencentSmsProvider({ ...options, fetch: authError.fetch }).send(message)).rejects.toThrow('AuthFailure');
  });
});

describe('WeChat Open Platform provider (no network)', () => {
  it('builds the qrconnect URL with appid, redirect_uri, scope snsapi_login and state', () => {
    const url = new URL(qrconnectUrl('wxabc', 'https://www.example.com/sso/wechat/callback', 'STATE123'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wxabc',
      redirect_uri: 'https://www.example.com/sso/wechat/callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'STATE123',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges code → access_token → unionid; a reused code (errcode 40029) fails', async () => {
    const seen: string[] = [];
    const provider = createOpenWechatProvider({
      appId: 'wxabc',
      appSecret: 'sec',
      fetch: async (url) => {
        seen.push(url);
        const u = new URL(url);
        if (u.searchParams.get('code') === 'USED') return { ok: true, status: 200, json: async () => ({ errcode: 40029, errmsg: 'invalid code' }) };
        if (u.pathname === '/sns/oauth2/access_token') return { ok: true, status: 200, json: async () => ({ access_token: 'AT', openid: 'OID', unionid: 'UID' }) };
        return { ok: true, status: 200, json: async () => ({ nickname: '张三', headimgurl: 'https://thirdwx.qlogo.cn/a' }) };
      },
    });
    await expect(provider.exchangeCode('GOOD')).resolves.toEqual({ unionid: 'UID', openid: 'OID', nickname: '张三', headimgurl: 'https://thirdwx.qlogo.cn/a' });
    expect(new URL(seen[0]!).searchParams.get('grant_type')).toBe('authorization_code');
    expect(seen.every((u) => u.startsWith('https://api.weixin.qq.com/sns/'))).toBe(true);
    await expect(provider.exchangeCode('USED')).rejects.toThrow('40029');
  });
});

describe('Configuration', () => {
  it('refuses the dev providers in production with a clear line', () => {
    expect(() => parseConfig({ APP_ENV: 'production', SSO_SECRET: 'x'.repeat(40), WECHAT_PROVIDER: 'open', WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 'b' })).toThrow(
      'Invalid environment variable SMS_PROVIDER: must be aliyun or tencent when APP_ENV=production (the dev provider does not send SMS)',
    );
    expect(() =>
      parseConfig({ APP_ENV: 'production', SMS_PROVIDER: 'dev', SSO_SECRET: 'x'.repeat(40), WECHAT_PROVIDER: 'open', WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 'b' }),
    ).toThrow(/SMS_PROVIDER.*\(got "dev"\)/);
    const tencent = {
      SMS_PROVIDER: 'tencent',
      SMS_TENCENT_SECRET_ID: 'i',
      SMS_TENCENT_SECRET_KEY: 'k',
      SMS_TENCENT_SDK_APP_ID: '1',
      SMS_TENCENT_SIGN_NAME: 's',
      SMS_TENCENT_TEMPLATE_ID: 't',
    };
    expect(() => parseConfig({ APP_ENV: 'production', SSO_SECRET: 'x'.repeat(40), ...tencent })).toThrow('WECHAT_PROVIDER');
    expect(() => parseConfig({ APP_ENV: 'production', WECHAT_PROVIDER: 'open', WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 'b', ...tencent })).toThrow('SSO_SECRET');
    const ok = parseConfig({ APP_ENV: 'production', SSO_SECRET: 'x'.repeat(40), WECHAT_PROVIDER: 'open', WECHAT_APP_ID: 'a', WECHAT_APP_SECRET: 'b', ...tencent });
    expect(ok.SMS_PROVIDER).toBe('tencent');
  });

  it('requires credentials of the chosen provider and parses SSO_SITES', () => {
    expect(() => parseConfig({ SMS_PROVIDER: 'aliyun' })).toThrow('SMS_ALIYUN_ACCESS_KEY_ID');
    expect(() => parseConfig({ SSO_SECRET: 'short' })).toThrow('SSO_SECRET');
    expect(parseConfig({}).SSO_SITES).toEqual([{ id: 35, name: '芯百科' }]);
    expect(parseConfig({ SSO_SITES: '[{"id":35,"name":"a"},{"id":36,"name":"b","syncBase":"https://b.example.com/sso"}]' }).SSO_SITES).toHaveLength(2);
    expect(() => parseConfig({ SSO_SITES: '[{"id":35,"name":"a"},{"id":35,"name":"b"}]' })).toThrow('site ids must be unique');
    expect(() => parseConfig({ SSO_SITES: 'nope' })).toThrow('SSO_SITES');
  });
});

describe('Development SMS provider and provider failures', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const clock = { now: 1_950_000_000 };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('warns loudly at start-up, logs a masked send at warn level but never the code, keeps an inbox', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const sms = createDevSmsProvider(log, () => clock.now);
    makeSso(database.db, clock, { sms, logger: log });
    expect(lines.some((l) => l.includes('"level":40') && l.includes('SMS codes are NOT sent'))).toBe(true);
    await sms.send(message);
    const line = lines.find((l) => l.includes('DEV SMS'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 40, devSmsTo: '138****1234', inbox: '/sso/dev/inbox' });
    expect(lines.join('\n')).not.toContain('042917');
    expect(lines.join('\n')).not.toContain('13812341234');
    expect(sms.inbox('8613812341234')).toEqual([{ code: '042917', purpose: 'login', at: clock.now }]);
  });

  it('a failing SMS provider answers 50200 and the response never carries the code', async () => {
    const broken: SmsProvider = { kind: 'tencent', send: async () => { throw new Error('Tencent SendSms failed: HTTP 500'); } };
    const sso = makeSso(database.db, clock, { sms: broken, logger: silent });
    const res = await sso.sendCode('13812341234');
    expect(res.res.status).toBe(502);
    expect(res.body).toMatchObject({ error_code: 50200, msg: '短信发送失败，请稍后再试' });
  });
});
