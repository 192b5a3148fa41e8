#!/usr/bin/python3
"""Plot kicad-demos boards with KiCad's own pcbnew, one monochrome SVG per layer.

Run with Debian's /usr/bin/python3 (it has KiCad 6's `pcbnew` module):

    /usr/bin/python3 scripts/kicad-reference-plots.py [out_dir]

Writes <out_dir>/<board>/<layer>.svg and <out_dir>/manifest.json (board file, Edge.Cuts box in
board mm, layers plotted, KiCad version, plot options). Then rasterise with
`npx node scripts/kicad-reference-raster.ts <out_dir>`, which writes the committed PNGs under
tests/fixtures/kicad/reference/boards. The choices below are explained in
tests/fixtures/kicad/reference/README.md.
"""

import json
import os
import re
import sys

import pcbnew

DEMOS = '/usr/share/kicad/demos'
BOARDS = [
    ('video', 'video/video.kicad_pcb'),
    ('custom_pads_test', 'custom_pads_test/custom_pads_test.kicad_pcb'),
    ('stickhub', 'stickhub/StickHub.kicad_pcb'),
    ('kit-dev-coldfire-xilinx_5213', 'kit-dev-coldfire-xilinx_5213/kit-dev-coldfire-xilinx_5213.kicad_pcb'),
    ('test_pads_inside_pads', 'test_pads_inside_pads/test_pads_inside_pads.kicad_pcb'),
]

# Layers the viewer has no use comparing: the page margin only.
SKIP_LAYERS = {'Margin'}


def plot_board(name, rel, out_dir):
    path = os.path.join(DEMOS, rel)
    board = pcbnew.LoadBoard(path)
    box = board.GetBoardEdgesBoundingBox()
    edge = {
        'minX': pcbnew.ToMM(box.GetX()),
        'minY': pcbnew.ToMM(box.GetY()),
        'maxX': pcbnew.ToMM(box.GetX() + box.GetWidth()),
        'maxY': pcbnew.ToMM(box.GetY() + box.GetHeight()),
    }
    board_dir = os.path.join(out_dir, name)
    os.makedirs(board_dir, exist_ok=True)

    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(board_dir)
    po.SetPlotFrameRef(False)  # no drawing sheet: the board only
    po.SetAutoScale(False)
    po.SetScale(1)  # 1:1, so the SVG's user units map linearly to board mm
    po.SetMirror(False)
    po.SetUseAuxOrigin(False)  # page origin = board origin: SVG coordinates are board coordinates
    po.SetNegative(False)
    po.SetPlotMode(pcbnew.FILLED)
    # Holes as the editor shows them: actual size, drawn white over the copper.
    po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.FULL_DRILL_SHAPE)
    # Via openings in the mask as the board itself asks (KiCad 6: pcbplotparams `viasonmask`).
    vias_on_mask = board.GetPlotOptions().GetPlotViaOnMaskLayer()
    po.SetPlotViaOnMaskLayer(vias_on_mask)
    po.SetExcludeEdgeLayer(True)  # Edge.Cuts only on its own plot, as in the editor's single layer view
    po.SetPlotReference(True)
    po.SetPlotValue(True)
    po.SetPlotInvisibleText(False)
    po.SetSubtractMaskFromSilk(False)  # the editor does not clip silkscreen at mask openings
    po.SetSketchPadsOnFabLayers(False)
    po.SetSkipPlotNPTH_Pads(False)
    po.SetWidthAdjust(0)
    po.SetSvgPrecision(6, False)  # 1 user unit = 1 µm (checked from the SVG header below)
    pc.SetColorMode(False)  # monochrome: black ink

    layers = []
    for layer_id in board.GetEnabledLayers().Seq():
        lname = board.GetLayerName(layer_id)
        std = str(pcbnew.BOARD.GetStandardLayerName(layer_id))
        if std in SKIP_LAYERS:
            continue
        safe = std.replace('.', '_')
        pc.SetLayer(layer_id)
        pc.OpenPlotfile(safe, pcbnew.PLOT_FORMAT_SVG, std)
        pc.PlotLayer()
        plotted = pc.GetPlotFileName()
        pc.ClosePlot()
        target = os.path.join(board_dir, safe + '.svg')
        os.replace(plotted, target)
        with open(target, encoding='utf-8') as f:
            svg = f.read()
        if not has_ink(svg):
            os.remove(target)
            continue
        layers.append({'layer': std, 'name': lname, 'svg': os.path.relpath(target, out_dir), 'units': svg_units(svg)})
    return {
        'board': name,
        'file': rel,
        'edgeCuts': edge,
        'viasOnMask': bool(vias_on_mask),
        'padToMaskClearance': pcbnew.ToMM(board.GetDesignSettings().m_SolderMaskMargin),
        'layers': layers,
    }


def has_ink(svg):
    """True when the plot draws anything (KiCad writes the header and style groups even for an empty layer)."""
    body = svg.split('</title>', 1)[-1] if '</title>' in svg else svg
    return re.search(r'<(path|circle|rect|polygon|polyline|line|text)\b', body) is not None


def svg_units(svg):
    """Board mm per SVG user unit, from the root's width (mm) and viewBox."""
    m = re.search(r'<svg[^>]*?width="([\d.]+)(cm|mm|in)"[^>]*?viewBox="([\d.\s-]+)"', svg, re.S)
    if not m:
        raise RuntimeError('unexpected SVG header')
    width = float(m.group(1)) * {'mm': 1.0, 'cm': 10.0, 'in': 25.4}[m.group(2)]
    vb = [float(v) for v in m.group(3).split()]
    return {'mmPerUnit': width / vb[2], 'viewBox': vb}


def main():
    out_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else 'build/kicad-reference')
    os.makedirs(out_dir, exist_ok=True)
    boards = []
    for name, rel in BOARDS:
        if not os.path.exists(os.path.join(DEMOS, rel)):
            print('missing', rel, file=sys.stderr)
            continue
        boards.append(plot_board(name, rel, out_dir))
        print(name, ' '.join(l['layer'] for l in boards[-1]['layers']))
    manifest = {'kicad': pcbnew.Version(), 'demos': DEMOS, 'boards': boards}
    with open(os.path.join(out_dir, 'manifest.json'), 'w', encoding='utf-8') as f:
        json.dump(manifest, f, indent=2)


if __name__ == '__main__':
    main()
