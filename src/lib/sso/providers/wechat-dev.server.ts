import type { WechatProvider } from './wechat.ts';

/**
 * Development simulator: the QR encodes the SSO's own scan page (GET /dev/wechat/scan?uuid=), where
 * buttons play the phone's part (scan, confirm as a bound or an unbound account, cancel).
 */
export function createDevWechatProvider(): WechatProvider {
  return {
    kind: 'dev',
    present: ({ uuid, ssoBase }) => ({ qrcode: `${ssoBase}/dev/wechat/scan?uuid=${encodeURIComponent(uuid)}`, mode: 'link' }),
    exchangeCode: async () => {
      throw new Error('the dev WeChat simulator has no OAuth code exchange');
    },
  };
}

/** The simulator's fixed "already bound" WeChat account; it is bound to a dev user on first use. */
export const DEV_BOUND_UNIONID = 'dev-unionid-bound';
