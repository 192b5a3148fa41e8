// Small hand-written .kicad_sch texts for connectivity rules that real projects exercise only
// implicitly (crossing wires, a wire end on a wire's middle, rotated and mirrored symbols).
// They go through the real parser; positions are chosen on KiCad's 1.27 mm grid.

const FONT = '(effects (font (size 1.27 1.27)))';

/** Device:R (pins 1 at (0, 3.81) top and 2 at (0, -3.81), library Y-up) and power:GND. */
export const LIB_SYMBOLS = `(lib_symbols
  (symbol "Device:R" (pin_numbers hide) (pin_names (offset 0)) (in_bom yes) (on_board yes)
    (property "Reference" "R" (at 0 0 0) ${FONT})
    (property "Value" "R" (at 0 0 0) ${FONT})
    (symbol "R_0_1" (rectangle (start -1.016 -2.54) (end 1.016 2.54) (stroke (width 0.254) (type default)) (fill (type none))))
    (symbol "R_1_1"
      (pin passive line (at 0 3.81 270) (length 1.27) (name "~" ${FONT}) (number "1" ${FONT}))
      (pin passive line (at 0 -3.81 90) (length 1.27) (name "~" ${FONT}) (number "2" ${FONT}))))
  (symbol "power:GND" (power) (pin_names (offset 0)) (in_bom yes) (on_board yes)
    (property "Reference" "#PWR" (at 0 0 0) ${FONT})
    (property "Value" "GND" (at 0 0 0) ${FONT})
    (symbol "GND_1_1" (pin power_in line (at 0 0 270) (length 0) hide (name "GND" ${FONT}) (number "1" ${FONT})))))`;

export function resistor(uuid: string, ref: string, x: number, y: number, rotation = 0, mirror?: 'x' | 'y', rootUuid = 'root'): string {
  return `(symbol (lib_id "Device:R") (at ${x} ${y} ${rotation})${mirror ? ` (mirror ${mirror})` : ''} (unit 1) (in_bom yes) (on_board yes) (uuid "${uuid}")
    (property "Reference" "${ref}" (at 0 0 0) ${FONT}) (property "Value" "10k" (at 0 0 0) ${FONT}) (property "Footprint" "R_0603" (at 0 0 0) ${FONT})
    (instances (project "t" (path "/${rootUuid}" (reference "${ref}") (unit 1)))))`;
}

export function wire(uuid: string, x1: number, y1: number, x2: number, y2: number): string {
  return `(wire (pts (xy ${x1} ${y1}) (xy ${x2} ${y2})) (stroke (width 0) (type default)) (uuid "${uuid}"))`;
}

export function label(uuid: string, text: string, x: number, y: number, kind: 'label' | 'global_label' | 'hierarchical_label' = 'label'): string {
  return `(${kind} "${text}"${kind === 'label' ? '' : ' (shape input)'} (at ${x} ${y} 0) ${FONT} (uuid "${uuid}"))`;
}

export function junction(uuid: string, x: number, y: number): string {
  return `(junction (at ${x} ${y}) (diameter 0) (color 0 0 0 0) (uuid "${uuid}"))`;
}

/** KiCad 9 local power symbol `power:VLOC` (`(power local)`), one hidden power input at its origin; add with `sheetText(…, LOCAL_POWER_LIB)`. */
export const LOCAL_POWER_LIB = `(symbol "power:VLOC" (power local) (pin_names (offset 0)) (in_bom yes) (on_board yes)
    (property "Reference" "#PWR" (at 0 0 0) ${FONT})
    (property "Value" "VLOC" (at 0 0 0) ${FONT})
    (symbol "VLOC_1_1" (pin power_in line (at 0 0 90) (length 0) hide (name "VLOC" ${FONT}) (number "1" ${FONT}))))`;

/** A placed power:VLOC (KiCad 9 local power) at (x, y). */
export function localPower(uuid: string, ref: string, x: number, y: number, rootUuid = 'root', path = `/${rootUuid}`): string {
  return `(symbol (lib_id "power:VLOC") (at ${x} ${y} 0) (unit 1) (in_bom yes) (on_board yes) (uuid "${uuid}")
    (property "Reference" "${ref}" (at 0 0 0) ${FONT}) (property "Value" "VLOC" (at 0 0 0) ${FONT})
    (instances (project "t" (path "${path}" (reference "${ref}") (unit 1)))))`;
}

export function sheetText(uuid: string, body: string[], extraLib = ''): string {
  const libs = extraLib === '' ? LIB_SYMBOLS : `${LIB_SYMBOLS.slice(0, -1)}\n  ${extraLib})`;
  return `(kicad_sch (version 20231120) (generator "eeschema") (uuid "${uuid}") (paper "A4")
  ${libs}
  ${body.join('\n  ')}
)`;
}
