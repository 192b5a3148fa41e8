import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { projectZip } from '../../../src/islands/host/project-zip.ts';

// /addProject's upload body: the host's (or picked) project files become the one zip the design
// upload reads, KiCad files only, under their relative paths; a zip chosen alone goes unchanged.

const DIR = '/usr/share/kicad/demos/flat_hierarchy';
const read = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(`${DIR}/${name}`)) });

describe('projectZip', () => {
  it('zips the KiCad files of a real project under their paths and leaves the rest out', async () => {
    const files = ['flat_hierarchy.kicad_pro', 'flat_hierarchy.kicad_sch', 'pic_sockets.kicad_sch', 'flat_hierarchy.kicad_pcb', 'fp-lib-table', 'libs/flat_hierarchy_schlib.kicad_sym'].map(read);
    const zip = await projectZip([{ name: 'sub/extra.kicad_sch', bytes: files[1]!.bytes }, ...files]);
    expect(zip.name).toBe('flat_hierarchy.zip');
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(['flat_hierarchy.kicad_pcb', 'flat_hierarchy.kicad_pro', 'flat_hierarchy.kicad_sch', 'pic_sockets.kicad_sch', 'sub/extra.kicad_sch']);
    expect(entries['flat_hierarchy.kicad_pcb']).toEqual(files[3]!.bytes);
  });

  it('passes a single zip through', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]);
    expect(await projectZip([{ name: 'dir/board.zip', bytes }])).toEqual({ name: 'board.zip', bytes });
  });
});
