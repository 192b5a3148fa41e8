// Server-rendered HTML of the development WeChat simulator and the Open Platform callback.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const shell = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.2rem;color:#1d4ed8}button{display:block;width:100%;margin:.5rem 0;padding:.6rem;border:1px solid #1d4ed8;border-radius:.4rem;background:#fff;color:#1d4ed8;font-size:1rem;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff}.status{padding:.5rem;background:#eff6ff;border-radius:.4rem}.warn{color:#b45309;font-size:.85rem}
input{width:100%;box-sizing:border-box;padding:.4rem;margin:.2rem 0}</style></head><body>${body}</body></html>`;

const statusText: Record<string, string> = {
  waiting: '等待扫码',
  scanned: '已扫码，等待确认',
  confirmed: '已确认，等待网页取回登录',
  done: '已完成',
  cancelled: '已取消',
  missing: '二维码不存在或已过期',
};

export function renderScanPage(args: { action: string; uuid: string; status: string; note?: string }): string {
  const live = args.status === 'waiting' || args.status === 'scanned';
  const button = (value: string, label: string, primary = false) =>
    `<button name="step" value="${value}"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button>`;
  const form = live
    ? `<form method="post" action="${escapeHtml(args.action)}">
<input type="hidden" name="uuid" value="${escapeHtml(args.uuid)}">
${args.status === 'waiting' ? button('scan', '扫码', true) : ''}
${button('confirm-bound', '确认登录（已绑定手机号的微信账号）', args.status === 'scanned')}
${button('confirm-unbound', '确认登录（未绑定手机号的新微信账号）')}
<label>或指定 unionid（可选，用于复用某个未绑定账号）<input name="unionid" maxlength="64" autocomplete="off"></label>
${button('cancel', '取消')}
</form>`
    : '';
  return shell(
    '微信扫码模拟器',
    `<h1>微信扫码模拟器（开发环境）</h1>
<p class="warn">SMS/微信为开发模拟：本页扮演手机微信的角色，不会连接微信。</p>
<p class="status">二维码 <code>${escapeHtml(args.uuid.slice(0, 6))}…</code>：${escapeHtml(statusText[args.status] ?? args.status)}</p>
${args.note ? `<p>${escapeHtml(args.note)}</p>` : ''}${form}`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return shell(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

/**
 * The refusal of a development page to a client that is not this machine: a form for the
 * development key printed in the start-up log. The key is never part of any page (every visitor
 * sees the dev QR code); the form posts it once and gets a cookie derived from it.
 */
export function renderKeyPage(args: { action: string; uuid: string; wrong: boolean }): string {
  return shell(
    '开发工具需要密钥',
    `<h1>开发工具需要密钥</h1>
<p>微信扫码模拟器只对本机开放。从其他设备（例如局域网里的手机）访问，请输入服务启动日志中打印的开发密钥（<code>dev key</code>）。</p>
<p class="warn">The development tools answer this machine only. From another device, type the development key printed in the server's start-up log.</p>
${args.wrong ? '<p class="status">密钥不正确 · Wrong key</p>' : ''}<form method="post" action="${escapeHtml(args.action)}">
<input type="hidden" name="uuid" value="${escapeHtml(args.uuid)}">
<label>开发密钥 · Development key<input name="key" type="password" autocomplete="off" autocapitalize="off" spellcheck="false" required autofocus></label>
<button class="primary">继续 · Continue</button>
</form>`,
  );
}
