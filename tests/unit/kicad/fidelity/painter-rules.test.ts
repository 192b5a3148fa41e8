// The KiCad rules the board comparison made us add, checked on the demo files that use them:
// mask/paste margins (footprint and pad overrides), via tenting, via rings on unused layers,
// keep-upright of footprint texts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBoard, type Board } from '../../../../src/lib/kicad/board.ts';
import { uprightAngle } from '../../../../src/lib/kicad/render/footprint-painter.ts';
import { padApertureLayers, padExpansion } from '../../../../src/lib/kicad/render/pad-expansion.ts';
import { ViaFlashIndex } from '../../../../src/lib/kicad/render/via-flash.ts';
import { KICAD_PROJECTS_DIR } from '../fixtures.ts';
import { DEMOS_DIR } from './reference.ts';

function board(path: string): Board {
  const b = parseBoard(readFileSync(path), path).board;
  if (!b) throw new Error(`${path}: not a board`);
  return b;
}

const rulesOf = (b: Board) => ({ maskMargin: b.setup.padToMaskClearance, pasteMargin: b.setup.padToPasteClearance, pasteRatio: b.setup.padToPasteClearanceRatio });

describe('pad mask and paste openings', () => {
  it("take the footprint's margins when the pad sets none (StickHub D-series: mask +0.03, paste -0.02)", () => {
    const b = board(DEMOS_DIR + 'stickhub/StickHub.kicad_pcb');
    const fp = b.footprints.find((f) => f.name === 'Diode_SMD:1006_C' && f.margins?.mask === 0.03);
    expect(fp?.margins).toEqual({ mask: 0.03, paste: -0.02 });
    const pad = fp!.pads[0]!;
    expect(padApertureLayers(pad)).toEqual(expect.arrayContaining(['F.Mask', 'F.Paste']));
    expect(padExpansion(pad, fp!, 'F.Mask', rulesOf(b))).toEqual({ x: 0.03, y: 0.03 });
    expect(padExpansion(pad, fp!, 'F.Paste', rulesOf(b))).toEqual({ x: -0.02, y: -0.02 });
    expect(padExpansion(pad, fp!, 'F.SilkS', rulesOf(b))).toEqual({ x: 0, y: 0 });
  });

  it("take the pad's own margin first (custom_pads_test pad 1: mask +0.5)", () => {
    const b = board(DEMOS_DIR + 'custom_pads_test/custom_pads_test.kicad_pcb');
    const fp = b.footprints.find((f) => f.pads.some((p) => p.margins?.mask === 0.5));
    const pad = fp!.pads.find((p) => p.margins?.mask === 0.5)!;
    expect(padExpansion(pad, fp!, 'F.Mask', { maskMargin: 0.1, pasteMargin: 0, pasteRatio: 0 })).toEqual({ x: 0.5, y: 0.5 });
  });

  it('never shrink below nothing, and a pad without copper keeps its drawn size', () => {
    const b = board(DEMOS_DIR + 'stickhub/StickHub.kicad_pcb');
    const fp = b.footprints.find((f) => f.pads.some((p) => p.layers.some((l) => l.endsWith('.Cu'))))!;
    const pad = fp.pads[0]!;
    const big = padExpansion(pad, null, 'F.Paste', { maskMargin: 0, pasteMargin: -10, pasteRatio: 0 });
    expect(big.x).toBe(-pad.size.width / 2);
    expect(padExpansion({ ...pad, layers: ['F.Paste'], margins: undefined }, null, 'F.Paste', { maskMargin: 0, pasteMargin: -0.1, pasteRatio: -0.1 })).toEqual({ x: 0, y: 0 });
  });
});

describe('via tenting and unused-layer rings', () => {
  it('reads KiCad 6/7 viasonmask and KiCad 8+ tenting', () => {
    expect(board(DEMOS_DIR + 'video/video.kicad_pcb').setup.viaMaskOpen).toEqual({ front: false, back: false });
    expect(board(KICAD_PROJECTS_DIR + 'bitaxe-gamma/bitaxeGamma.kicad_pcb').setup.viaMaskOpen).toEqual({ front: false, back: false });
    // The other spellings, through the same reader.
    const open = (setup: string) => parseBoard(`(kicad_pcb (version 20240108) (generator "pcbnew") ${setup})`, 'x.kicad_pcb').board?.setup.viaMaskOpen;
    expect(open('(setup (pcbplotparams (viasonmask true)))')).toEqual({ front: true, back: true });
    expect(open('(setup (tenting front))')).toEqual({ front: false, back: true });
    expect(open('(setup (tenting (front no) (back yes)))')).toEqual({ front: true, back: false });
  });

  it('keeps a remove_unused_layers via ring on its end layers and where its net connects (kit-dev-coldfire inner layers)', () => {
    const b = board(DEMOS_DIR + 'kit-dev-coldfire-xilinx_5213/kit-dev-coldfire-xilinx_5213.kicad_pcb');
    const idx = new ViaFlashIndex(b);
    const vias = b.vias.filter((v) => v.removeUnusedLayers);
    expect(vias.length).toBeGreaterThan(100);
    for (const v of vias) expect(idx.flashed(v, 'F.Cu') && idx.flashed(v, 'B.Cu')).toBe(v.keepEndLayers);
    const inner = vias.map((v) => idx.flashed(v, 'In1.Cu'));
    // Some vias connect on In1.Cu (a zone of their net), most do not.
    expect(inner.filter(Boolean).length).toBeGreaterThan(0);
    expect(inner.filter((x) => !x).length).toBeGreaterThan(0);
  });
});

describe('keep upright', () => {
  it("turns footprint text angles into KiCad's readable range", () => {
    expect([0, 45, 90, 91, 180, 269, 270, 300, -90, -180, 450].map(uprightAngle)).toEqual([0, 45, 90, -89, 0, 89, 90, -60, 90, 0, 90]);
  });
});
