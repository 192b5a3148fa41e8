import type { MessageKey } from '../../lib/i18n/zh.ts';
import { DESIGN_LICENCES, type DesignLicence } from '../../lib/designs/designs.ts';

// The designs islands' texts: the dictionaries hold them as `designs.<key>`; the pages pass them
// as one object (designsLabels() in designs-labels.ts, server side), so no dictionary reaches a
// client bundle.
export type DesignsLabelKey = MessageKey extends infer K ? (K extends `designs.${infer Rest}` ? Rest : never) : never;
export type DesignsLabels = Record<DesignsLabelKey, string>;

/** Fills `{name}` placeholders of a label. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** A licence as people read it: the SPDX id, or 'all rights reserved' for 'none'. */
export function licenceText(labels: Pick<DesignsLabels, 'licenceNone'>, licence: DesignLicence): string {
  return licence === 'none' ? labels.licenceNone : licence;
}

export const LICENCE_CHOICES: readonly DesignLicence[] = DESIGN_LICENCES;
