// The assistant's tools (issue #15 item 2): the same read-only list for the model path, the
// retrieval assistant and the MCP server. The datasheet search (searchDatasheets) lives with the
// datasheet index (src/lib/ai/datasheets).

import type { AiTool } from './ai-tools.ts';
import { searchDatasheetsTool } from './datasheets/datasheet-tool.server.ts';
import { comparePartsTool } from './tools/compare-parts.server.ts';
import { findReplacementsTool } from './tools/find-replacements.server.ts';
import { matchBomLineTool } from './tools/match-bom-line.server.ts';
import { partDetailsTool } from './tools/part-details.server.ts';
import { searchPartsTool } from './tools/search-parts.server.ts';

/** The catalogue tools, then any extra ones (an extra tool of the same name replaces ours). */
export function aiTools(extra: AiTool[] = []): AiTool[] {
  const own = [searchPartsTool, partDetailsTool, comparePartsTool, findReplacementsTool, matchBomLineTool, searchDatasheetsTool] as unknown as AiTool[];
  const names = new Set(extra.map((t) => t.name));
  return [...own.filter((t) => !names.has(t.name)), ...extra];
}
