import type { Locale } from '../../i18n/i18n.ts';
import { fillMessage } from '../../server/messages/server-message.ts';

// The MCP server's own refusals, Chinese first (the shared ones — rate limit, too large, malformed
// JSON, log in — come from server-message.ts). Kept here so the endpoint owns its texts.

const zh = {
  getNotSupported: '此 MCP 端点为无状态模式，只接受 POST（JSON-RPC）；不提供 SSE 事件流',
  unknownTool: '没有名为 {name} 的工具',
  badArguments: '工具 {name} 的参数 {field} 无效：{problem}',
  argumentsNotObject: '工具 {name} 的参数必须是一个 JSON 对象',
  badToken: '令牌无效或已失效，请重新登录，或去掉 X-token / Authorization 头以匿名使用',
} as const;

export type McpMessageKey = keyof typeof zh;

const en: Record<McpMessageKey, string> = {
  getNotSupported: 'This MCP endpoint is stateless and accepts POST (JSON-RPC) only; it offers no SSE event stream',
  unknownTool: 'There is no tool named {name}',
  badArguments: 'Invalid argument {field} of tool {name}: {problem}',
  argumentsNotObject: 'The arguments of tool {name} must be a JSON object',
  badToken: 'The token is invalid or has expired; log in again, or drop the X-token / Authorization header to use the tools anonymously',
};

export function mcpMessage(key: McpMessageKey, locale: Locale, vars: Readonly<Record<string, string | number>> = {}): string {
  return fillMessage((locale === 'en' ? en : zh)[key], vars);
}
