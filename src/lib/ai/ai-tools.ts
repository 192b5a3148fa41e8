// The assistant's tools: one shape for the model path (AI SDK `tool()`), the retrieval
// assistant (which runs them itself) and the MCP server (which exposes them). Each tool calls our
// domain functions; it is read-only, and its result is data for the model, never instructions.

import type { z } from 'zod';
import type { Locale } from '../server/api-locale.ts';
import type { Db } from '../server/db/client.server.ts';
import type { AiCitation, AiPart } from './ai.ts';

/** The open design beside the viewer (/ecadViewer/ai): its BOM and statistics. */
export type AiDesignContext = {
  title: string;
  stats: Record<string, number>;
  /** BOM lines: references, value, footprint, MPN, manufacturer, quantity, matched catalogue code. */
  bom: Array<{ refs: string[]; value: string; footprint: string; mpn: string | null; manufacturer: string | null; quantity: number; mfgMpnCode: string | null }>;
};

export type AiToolContext = {
  db: Db;
  locale: Locale;
  /** The asking user (their private datasheets are searchable to them); null when logged out. */
  userId: number | null;
  design: AiDesignContext | null;
  signal?: AbortSignal;
};

/** What a tool hands back: data for the model (JSON), and what the page shows from it. */
export type AiToolResult = {
  /** Compact JSON-able data the model reads (bounded in size). */
  data: unknown;
  parts?: AiPart[];
  citations?: AiCitation[];
};

export type AiTool<S extends z.ZodType = z.ZodType> = {
  name: AiToolName;
  /** What the tool does, for the model and MCP clients (English; models read it best). */
  description: string;
  input: S;
  run(ctx: AiToolContext, input: z.infer<S>): Promise<AiToolResult>;
};

export type AiToolName = 'searchParts' | 'partDetails' | 'compareParts' | 'findReplacements' | 'matchBomLine' | 'searchDatasheets';
