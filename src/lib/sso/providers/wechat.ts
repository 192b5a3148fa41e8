// The WeChat login provider interface; chosen by WECHAT_PROVIDER (options.server.ts).

/** What the SSO keeps about a WeChat account; the key is the unionid. Never sent to the client. */
export type WechatIdentity = { unionid: string; openid?: string | undefined; nickname?: string | undefined; headimgurl?: string | undefined };

export type QrPresentation = {
  /** info.qrcode of /wechat/qrlogin. */
  qrcode: string;
  /**
   * 'link': qrcode is a URL the dialog renders as a QR code (the dev simulator's scan page).
   * 'iframe': qrcode is WeChat's own QR page (Open Platform qrconnect) to show in an iframe.
   */
  mode: 'link' | 'iframe';
};

export type WechatProvider = {
  readonly kind: 'dev' | 'open';
  /** The QR for a login; `state` is single use and bound to the creating browser. */
  present(args: { uuid: string; state: string; ssoBase: string }): QrPresentation;
  /** Open Platform: exchanges the callback's code for the identity (code -> access_token -> unionid). */
  exchangeCode(code: string): Promise<WechatIdentity>;
};
