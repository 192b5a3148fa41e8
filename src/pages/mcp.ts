import type { APIRoute } from 'astro';
import { createMcpApp } from '../lib/ai/mcp/mcp.server.ts';
import { mcpTools } from '../lib/ai/mcp/mcp-tools.server.ts';
import { clientAddressOf } from '../lib/server/client-address.ts';
import { getDb } from '../lib/server/db/runtime.server.ts';

// The MCP server (issue #15 item 6): /mcp, outside /api, is its own small Hono app (as /api_module is).
export const prerender = false;
let app: ReturnType<typeof createMcpApp> | undefined;

// clientAddress read lazily: its getter throws once the socket is gone (see api/[...path].ts).
export const ALL: APIRoute = async (context) => {
  app ??= createMcpApp({ db: await getDb(), tools: await mcpTools() });
  return app.fetch(context.request, { ip: clientAddressOf(context.request, () => context.clientAddress) });
};
