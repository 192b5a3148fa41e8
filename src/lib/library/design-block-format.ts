import { blockFileName } from './blocks.ts';

// KiCad 9's design block format, written and read by our own code (issue #16 item 6). As KiCad 9's
// DESIGN_BLOCK_IO lays it out: a library is a folder `<lib>.kicad_blocks/` holding one folder per
// block, `<name>.kicad_block/`, with the sheet `<name>.kicad_sch` (a normal KiCad schematic, named
// after the block, not after the sheet it came from), optionally a board `<name>.kicad_pcb`, and
// the metadata `<name>.json`: an object with "description", "keywords" (strings) and "fields"
// (an object of string values), which KiCad writes with nlohmann's dump(0): one member a line,
// no indentation. KiCad lists a block under what comes before the first '.' of its folder name.

export const BLOCK_DIR_EXT = '.kicad_block';
export const BLOCK_LIB_EXT = '.kicad_blocks';

export type DesignBlockMetadata = { description: string; keywords: string; fields: Record<string, string> };

export type DesignBlock = DesignBlockMetadata & {
  /** The block's name (its folder and files are named after blockFileName(name)). */
  name: string;
  /** The .kicad_sch text. */
  schematic: string;
};

/** One file of a block folder, its path relative to where the folder is placed. */
export type BlockFile = { path: string; data: string };

/** The metadata file's text, as KiCad 9 writes it (ordered keys, one member a line). */
export function designBlockJson(meta: DesignBlockMetadata): string {
  const str = (s: string) => JSON.stringify(s);
  const fields = Object.entries(meta.fields);
  const fieldsText = fields.length === 0 ? '{}' : `{\n${fields.map(([k, v]) => `${str(k)}: ${str(v)}`).join(',\n')}\n}`;
  return `{\n"description": ${str(meta.description)},\n"keywords": ${str(meta.keywords)},\n"fields": ${fieldsText}\n}`;
}

/**
 * The files of one block folder: `<name>.kicad_block/<name>.kicad_sch` and `<name>.json`, under
 * `library` (`<library>.kicad_blocks/…`) when given. Extracted into a design block library folder
 * (or added as one), KiCad 9 lists it in its Design Blocks panel.
 */
export function writeDesignBlock(block: DesignBlock, options: { library?: string } = {}): BlockFile[] {
  const name = blockFileName(block.name);
  const lib = options.library ? `${blockFileName(options.library)}${BLOCK_LIB_EXT}/` : '';
  const dir = `${lib}${name}${BLOCK_DIR_EXT}/`;
  return [
    { path: `${dir}${name}.kicad_sch`, data: block.schematic },
    { path: `${dir}${name}.json`, data: designBlockJson({ description: block.description, keywords: block.keywords, fields: block.fields }) },
  ];
}

/** A metadata file that is not KiCad's JSON object: KiCad refuses the block in that case too. */
export class DesignBlockFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesignBlockFormatError';
  }
}

/** Reads a metadata file as KiCad does: missing members are empty; a non-string field value is refused. */
export function parseDesignBlockJson(text: string): DesignBlockMetadata {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DesignBlockFormatError('metadata is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DesignBlockFormatError('metadata is not a JSON object');
  const o = value as Record<string, unknown>;
  const text_ = (k: string) => {
    const v = o[k];
    if (v === undefined) return '';
    if (typeof v !== 'string') throw new DesignBlockFormatError(`"${k}" is not a string`);
    return v;
  };
  const fields: Record<string, string> = {};
  if (o.fields !== undefined) {
    if (!o.fields || typeof o.fields !== 'object' || Array.isArray(o.fields)) throw new DesignBlockFormatError('"fields" is not an object');
    for (const [k, v] of Object.entries(o.fields)) {
      if (typeof v !== 'string') throw new DesignBlockFormatError(`field "${k}" is not a string`);
      fields[k] = v;
    }
  }
  return { description: text_('description'), keywords: text_('keywords'), fields };
}

/**
 * The blocks found among a folder's files (from a zip or a directory walk): every
 * `[…/]<name>.kicad_block/<name>.kicad_sch`, with its `<name>.json` when present. Other files are
 * ignored, as KiCad ignores them.
 */
export function readDesignBlocks(files: readonly { path: string; data: Uint8Array | string }[]): DesignBlock[] {
  const text = (d: Uint8Array | string) => (typeof d === 'string' ? d : new TextDecoder().decode(d));
  const byPath = new Map(files.map((f) => [f.path.replace(/\\/g, '/'), f.data]));
  const blocks: DesignBlock[] = [];
  for (const [path, data] of byPath) {
    const m = /^(.*?)([^/]+)\.kicad_block\/([^/]+)\.kicad_sch$/.exec(path);
    if (!m || m[2] !== m[3]) continue;
    const [, parent, name] = m as unknown as [string, string, string];
    const meta = byPath.get(`${parent}${name}${BLOCK_DIR_EXT}/${name}.json`);
    const metadata = meta === undefined ? { description: '', keywords: '', fields: {} } : parseDesignBlockJson(text(meta));
    // KiCad's name is what comes before the first '.' of the folder name.
    blocks.push({ name: name.split('.')[0]!, schematic: text(data), ...metadata });
  }
  return blocks;
}
