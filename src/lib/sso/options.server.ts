import { randomBytes } from 'node:crypto';
import type { Config } from '../server/config.server.ts';
import type { Logger } from '../server/logger.server.ts';
import { createAliyunSmsProvider } from './providers/sms-aliyun.server.ts';
import { createDevSmsProvider } from './providers/sms-dev.server.ts';
import { createTencentSmsProvider } from './providers/sms-tencent.server.ts';
import type { SmsProvider } from './providers/sms.ts';
import { createDevWechatProvider } from './providers/wechat-dev.server.ts';
import { createOpenWechatProvider } from './providers/wechat-open.server.ts';
import type { WechatProvider } from './providers/wechat.ts';
import type { SsoSite } from './sso.ts';

// Chooses providers, sites and the HMAC secret from the parsed configuration (config.server.ts is
// the only reader of the environment; it already refused dev providers in production).

export function smsProviderFromConfig(config: Config, log: Logger, clock?: () => number): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'aliyun':
      return createAliyunSmsProvider({
        accessKeyId: config.SMS_ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: config.SMS_ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: config.SMS_ALIYUN_SIGN_NAME ?? '',
        templateCode: config.SMS_ALIYUN_TEMPLATE_CODE ?? '',
        endpoint: config.SMS_ALIYUN_ENDPOINT,
      });
    case 'tencent':
      return createTencentSmsProvider({
        secretId: config.SMS_TENCENT_SECRET_ID ?? '',
        secretKey: config.SMS_TENCENT_SECRET_KEY ?? '',
        sdkAppId: config.SMS_TENCENT_SDK_APP_ID ?? '',
        signName: config.SMS_TENCENT_SIGN_NAME ?? '',
        templateId: config.SMS_TENCENT_TEMPLATE_ID ?? '',
        region: config.SMS_TENCENT_REGION,
      });
    default:
      return createDevSmsProvider(log, clock);
  }
}

export function wechatProviderFromConfig(config: Config): WechatProvider {
  if (config.WECHAT_PROVIDER === 'open') {
    return createOpenWechatProvider({
      appId: config.WECHAT_APP_ID ?? '',
      appSecret: config.WECHAT_APP_SECRET ?? '',
      redirectUri: config.WECHAT_REDIRECT_URI,
    });
  }
  return createDevWechatProvider();
}

export function sitesFromConfig(config: Config): SsoSite[] {
  return config.SSO_SITES.map((s) => ({ id: s.id, name: s.name, syncBase: s.syncBase }));
}

let processSecret: string | undefined;

/** SSO_SECRET, or (development only: production requires it) one random secret per process. */
export function secretFromConfig(config: Config, log: Logger): string {
  if (config.SSO_SECRET) return config.SSO_SECRET;
  if (!processSecret) {
    processSecret = randomBytes(32).toString('base64url');
    log.warn('SSO_SECRET is not set: using a random secret for this process; codes and tickets die on restart');
  }
  return processSecret;
}
