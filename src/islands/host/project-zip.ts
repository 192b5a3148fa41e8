// A project's files as the one zip the design upload takes (POST /api/design/user, read by
// src/lib/viewer/design-read.ts): one zip chosen alone goes as it is; otherwise the KiCad files are
// zipped here under their relative paths (sub-sheets keep their folders), other files left out.

export type ProjectFile = { name: string; bytes: Uint8Array };

const KICAD = /\.kicad_(pro|sch|pcb)$/i;

export async function projectZip(files: readonly ProjectFile[]): Promise<{ name: string; bytes: Uint8Array }> {
  if (files.length === 1 && /\.zip$/i.test(files[0]!.name)) return { name: files[0]!.name.split('/').pop()!, bytes: files[0]!.bytes };
  const { zipSync } = await import('fflate');
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) if (KICAD.test(f.name)) entries[f.name] = f.bytes;
  const pro = files.find((f) => /\.kicad_pro$/i.test(f.name)) ?? files[0];
  const base = (pro?.name.split('/').pop() ?? 'design').replace(/\.[^.]+$/, '') || 'design';
  return { name: `${base}.zip`, bytes: zipSync(entries) };
}
