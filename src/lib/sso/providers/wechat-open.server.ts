import type { FetchLike } from './sms.ts';
import type { WechatIdentity, WechatProvider } from './wechat.ts';

export type OpenWechatOptions = {
  appId: string;
  appSecret: string;
  /** The registered callback, e.g. https://www.example.com/sso/wechat/callback; else derived from the request. */
  redirectUri?: string | undefined;
  fetch?: FetchLike;
};

/**
 * WeChat Open Platform website login: the QR page at open.weixin.qq.com/connect/qrconnect, then the
 * callback's code is exchanged at api.weixin.qq.com for access_token and unionid (never in tests).
 */
export function createOpenWechatProvider(options: OpenWechatOptions): WechatProvider {
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const getJson = async (url: string): Promise<Record<string, unknown>> => {
    const res = await doFetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || (typeof body['errcode'] === 'number' && body['errcode'] !== 0)) {
      throw new Error(`WeChat API failed: HTTP ${res.status} errcode ${String(body['errcode'] ?? '')}`);
    }
    return body;
  };
  return {
    kind: 'open',
    present: ({ state, ssoBase }) => ({ qrcode: qrconnectUrl(options.appId, options.redirectUri ?? `${ssoBase}/wechat/callback`, state), mode: 'iframe' }),
    async exchangeCode(code: string): Promise<WechatIdentity> {
      const token = await getJson(
        `https://api.weixin.qq.com/sns/oauth2/access_token?appid=${encodeURIComponent(options.appId)}&secret=${encodeURIComponent(options.appSecret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`,
      );
      const accessToken = String(token['access_token'] ?? '');
      const openid = String(token['openid'] ?? '');
      if (!accessToken || !openid) throw new Error('WeChat API returned no access_token/openid');
      let info: Record<string, unknown> = {};
      try {
        info = await getJson(`https://api.weixin.qq.com/sns/userinfo?access_token=${encodeURIComponent(accessToken)}&openid=${encodeURIComponent(openid)}`);
      } catch {
        // Nickname and avatar are a nicety; the login goes on without them.
      }
      const unionid = String(token['unionid'] ?? info['unionid'] ?? '');
      return {
        // Without an Open Platform account binding there is no unionid; the openid of this app stands in.
        unionid: unionid || `openid:${options.appId}:${openid}`,
        openid,
        nickname: typeof info['nickname'] === 'string' ? info['nickname'] : undefined,
        headimgurl: typeof info['headimgurl'] === 'string' ? info['headimgurl'] : undefined,
      };
    },
  };
}

export function qrconnectUrl(appId: string, redirectUri: string, state: string): string {
  const q = new URLSearchParams({ appid: appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
  return `https://open.weixin.qq.com/connect/qrconnect?${q.toString()}#wechat_redirect`;
}
