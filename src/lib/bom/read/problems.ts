// What can go wrong reading a BOM file: each problem is a `bom.read.*` server message key (zh and
// en in src/lib/server/messages), with the numbers the message shows. Problems refuse the file;
// warnings go along with the sheets that were read.

import type { ServerMessageKey } from '../../server/messages/zh.ts';

/** Only keys that exist in the server messages (the compiler checks the lists below). */
type MessageKey<K extends ServerMessageKey> = K;

export type BomReadProblemKey = MessageKey<
  | 'bom.read.tooLarge'
  | 'bom.read.unsupportedType'
  | 'bom.read.xlsNotSupported'
  | 'bom.read.encrypted'
  | 'bom.read.zipBomb'
  | 'bom.read.corrupt'
  | 'bom.read.empty'
  | 'bom.read.headerOnly'
  | 'bom.read.tooManyRows'
  | 'bom.read.tooManyColumns'
  | 'bom.read.tooManySheets'
>;

export type BomReadWarningKey = MessageKey<'bom.read.sheetEmpty' | 'bom.read.sheetHeaderOnly' | 'bom.read.encodingGuessed'>;

export type MessageVars = Readonly<Record<string, string | number>>;

export type BomReadProblem = { readonly key: BomReadProblemKey; readonly vars: MessageVars };
export type BomReadWarning = { readonly key: BomReadWarningKey; readonly vars: MessageVars };

export class BomReadError extends Error {
  readonly key: BomReadProblemKey;
  readonly vars: MessageVars;

  constructor(key: BomReadProblemKey, vars: MessageVars = {}, detail?: string) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = 'BomReadError';
    this.key = key;
    this.vars = vars;
  }

  get problem(): BomReadProblem {
    return { key: this.key, vars: this.vars };
  }
}
