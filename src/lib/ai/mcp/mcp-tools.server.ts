import type { AiTool } from '../ai-tools.ts';
import { aiTools } from '../tools.server.ts';

/** The tools /mcp serves: the assistant's own read-only tools (tools.server.ts). */
export async function mcpTools(): Promise<AiTool[]> {
  return aiTools();
}
