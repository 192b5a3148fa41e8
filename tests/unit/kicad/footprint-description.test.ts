import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { footprintDescriptionParts } from '../../../src/lib/kicad/footprint.ts';

// Descriptions verbatim from the KiCad 6.0.10 footprint libraries (as the demo catalogue stores them).
describe('footprintDescriptionParts', () => {
  it('takes the LTC2358 datasheet out of the generic LQFP-48 description (the footprint STM32F103C8Tx uses)', () => {
    const parts = footprintDescriptionParts(
      'LQFP, 48 Pin (https://www.analog.com/media/en/technical-documentation/data-sheets/ltc2358-16.pdf), generated with kicad-footprint-generator ipc_gullwing_generator.py',
    );
    expect(parts.text).toBe('LQFP, 48 Pin, generated with kicad-footprint-generator ipc_gullwing_generator.py');
    expect(parts.references).toEqual(['https://www.analog.com/media/en/technical-documentation/data-sheets/ltc2358-16.pdf']);
  });

  it('drops what only introduced a link, keeps the rest of the sentence', () => {
    expect(
      footprintDescriptionParts(
        'WLCSP-25, 5x5 raster, 2.423x2.325mm package, pitch 0.4mm; see section 7.5 of http://www.st.com/resource/en/datasheet/stm32f031k6.pdf',
      ),
    ).toEqual({ text: 'WLCSP-25, 5x5 raster, 2.423x2.325mm package, pitch 0.4mm', references: ['http://www.st.com/resource/en/datasheet/stm32f031k6.pdf'] });
    expect(
      footprintDescriptionParts(
        'QFN, 32-Leads, Body 5x5x0.8mm, Pitch 0.5mm, Thermal Pad 3.1x3.1mm; (see Texas Instruments LM25119 http://www.ti.com/lit/ds/symlink/lm25119.pdf)',
      ).text,
    ).toBe('QFN, 32-Leads, Body 5x5x0.8mm, Pitch 0.5mm, Thermal Pad 3.1x3.1mm');
    expect(
      footprintDescriptionParts(
        'QFN, 64 Pin (http://ww1.microchip.com/downloads/en/DeviceDoc/60001477A.pdf (page 1083)), generated with kicad-footprint-generator ipc_noLead_generator.py',
      ),
    ).toEqual({
      text: 'QFN, 64 Pin, generated with kicad-footprint-generator ipc_noLead_generator.py',
      references: ['http://ww1.microchip.com/downloads/en/DeviceDoc/60001477A.pdf'],
    });
    expect(
      footprintDescriptionParts(
        'Diode, DO-35_SOD27 series, Axial, Horizontal, pin pitch=10.16mm, , length*diameter=4*2mm^2, , http://www.diodes.com/_files/packages/DO-35.pdf',
      ).text,
    ).toBe('Diode, DO-35_SOD27 series, Axial, Horizontal, pin pitch=10.16mm, length*diameter=4*2mm^2');
    expect(
      footprintDescriptionParts(
        'TO-92L leads in-line (large body variant of TO-92), also known as TO-226, wide, drill 0.75mm (see https://www.diodes.com/assets/Package-Files/TO92L.pdf and http://www.ti.com/lit/an/snoa059/snoa059.pdf)',
      ),
    ).toEqual({
      text: 'TO-92L leads in-line (large body variant of TO-92), also known as TO-226, wide, drill 0.75mm',
      references: ['https://www.diodes.com/assets/Package-Files/TO92L.pdf', 'http://www.ti.com/lit/an/snoa059/snoa059.pdf'],
    });
  });

  it('a description that is only a link has no text; one without links is kept as written', () => {
    expect(footprintDescriptionParts('http://www.icbank.com/data/ICBShop/board/HY1602E.pdf')).toEqual({
      text: '',
      references: ['http://www.icbank.com/data/ICBShop/board/HY1602E.pdf'],
    });
    expect(footprintDescriptionParts('SOIC, 8 Pin, generated with kicad-footprint-generator')).toEqual({
      text: 'SOIC, 8 Pin, generated with kicad-footprint-generator',
      references: [],
    });
    expect(footprintDescriptionParts('')).toEqual({ text: '', references: [] });
    expect(footprintDescriptionParts(null)).toEqual({ text: '', references: [] });
  });

  it('keeps a link the way it was written, minus the punctuation of the sentence around it', () => {
    const parts = footprintDescriptionParts('Foo (https://example.com/a_(b).pdf), bar, https://example.com/c.pdf.');
    expect(parts.references).toEqual(['https://example.com/a_(b).pdf', 'https://example.com/c.pdf']);
    expect(parts.text).toBe('Foo, bar.');
    expect(footprintDescriptionParts('x https://a.example/1.pdf y https://a.example/1.pdf').references).toEqual(['https://a.example/1.pdf']);
  });

  it('the product page shows footprint links as a package drawing reference, not in the description nor as the datasheet', () => {
    const page = readFileSync('src/pages/productDetail/[...mfgMpnCode].astro', 'utf8');
    expect(page).toContain('footprintDescriptionParts(part.footprint.description)');
    expect(page).not.toMatch(/\{part\.footprint\.description\}/);
    expect(page).toContain("t(locale, 'detail.fpDrawingRef')");
    // The datasheet link stays the product's own datasheetUrl.
    expect(page).toMatch(/const safeDatasheet = part\?\.datasheetUrl/);
  });
});
