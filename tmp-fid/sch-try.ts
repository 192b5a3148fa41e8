import { readFileSync } from 'node:fs';
import { parseSchematic } from '/work/wt-fid/src/lib/kicad/schematic.ts';
import { renderSchematicSvg } from '/work/wt-fid/src/lib/kicad/schematic-svg.ts';
import { readMaskPng, rasterizeSvg } from '/work/wt-fid/tests/unit/kicad/fidelity/mask.ts';
import { compareMasks, writeDiffPng } from '/work/wt-fid/tests/unit/kicad/fidelity/compare.ts';
import { readSheetReferences, inkOfColourImage } from '/work/wt-fid/tests/unit/kicad/fidelity/sheet-frame.ts';
import { REFERENCE_DIR } from '/work/wt-fid/tests/unit/kicad/fidelity/reference.ts';
import sharp from 'sharp';
const P = '/work/wt-fid/tests/fixtures/kicad/projects/';
const refs = readSheetReferences().sheets;
for (const s of refs) {
  const sch = parseSchematic(readFileSync(P + s.project + '/' + s.sheet), s.sheet);
  const f = s.frame;
  let svg = renderSchematicSvg(sch, { background: null, page: String(s.page), pageCount: refs.filter((r) => r.project === s.project).length });
  if (s === refs[0]) console.log(svg.slice(0, 300));
  svg = svg.replace(/<svg\b[^>]*>/, (root) => root.replace(/\swidth="[^"]*"/, ` width="${f.width}"`).replace(/\sheight="[^"]*"/, ` height="${f.height}"`).replace(/\sviewBox="[^"]*"/, ` viewBox="0 0 ${f.width / f.pxPerMm} ${f.height / f.pxPerMm}"`));
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const ours = await inkOfColourImage(png);
  const ref = await readMaskPng(REFERENCE_DIR + 'sheets/' + s.png);
  const sc = compareMasks(ours, ref, 2);
  console.log(s.sheet, JSON.stringify(sc));
  await writeDiffPng(ours, ref, `/tmp/diff/sch-${s.sheet}.png`);
}
