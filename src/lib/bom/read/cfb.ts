// A minimal reader of Compound File Binary (OLE2) containers: the directory, to tell an old .xls
// (a `Workbook` stream) from a password-protected xlsx (Office wraps the encrypted package in a
// CFB with `EncryptionInfo` and `EncryptedPackage` streams), and the bytes of one stream, for
// the .xls reader. Every chain is bounded by the file's sector count, so a cycle cannot hang.

export const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const END_OF_CHAIN = 0xffff_fffe;

type DirEntry = { name: string; type: number; start: number; size: number };

export type CfbContainer = {
  readonly names: readonly string[];
  /** A stream's bytes, or null when absent or its chain is broken. */
  stream(name: string): Uint8Array | null;
};

/** Opens the container, or null when its header or directory is broken. */
export function openCfb(bytes: Uint8Array): CfbContainer | null {
  if (bytes.length < 512 || CFB_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  const validSector = (n: number) => n < sectorCount;
  const perSector = sectorSize / 4;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  const fatCount = Math.min(view.getUint32(0x2c, true), sectorCount);
  for (let i = 0; i < Math.min(109, fatCount); i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = view.getUint32(0x44, true);
  for (let hops = 0; fatSectors.length < fatCount && validSector(difat) && hops < sectorCount; hops++) {
    const base = sectorAt(difat);
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++) fatSectors.push(view.getUint32(base + i * 4, true));
    difat = view.getUint32(base + (perSector - 1) * 4, true);
  }
  const nextSector = (n: number): number => {
    const fatSector = fatSectors[Math.floor(n / perSector)];
    if (fatSector === undefined || !validSector(fatSector)) return END_OF_CHAIN;
    return view.getUint32(sectorAt(fatSector) + (n % perSector) * 4, true);
  };
  /** The sectors of a chain, or null when it leaves the file or loops. */
  const chain = (start: number): number[] | null => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = nextSector(s)) {
      if (!validSector(s) || out.length >= sectorCount) return null;
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size: number): Uint8Array | null => {
    const sectors = chain(start);
    if (!sectors || sectors.length * sectorSize < size) return null;
    const out = new Uint8Array(size);
    sectors.forEach((s, i) => {
      const at = i * sectorSize;
      if (at < size) out.set(bytes.subarray(sectorAt(s), sectorAt(s) + Math.min(sectorSize, size - at)), at);
    });
    return out;
  };

  const dirSectors = chain(view.getUint32(0x30, true));
  if (!dirSectors) return null;
  const entries: DirEntry[] = [];
  for (const sector of dirSectors) {
    for (let e = 0; e < sectorSize / 128; e++) {
      const at = sectorAt(sector) + e * 128;
      const type = bytes[at + 66]!;
      const nameBytes = view.getUint16(at + 64, true);
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      const name = Buffer.from(bytes.buffer, bytes.byteOffset + at, nameBytes - 2).toString('utf16le');
      // Sizes above 4 GB cannot occur in a file under our size limit: the high word is ignored.
      entries.push({ name, type, start: view.getUint32(at + 116, true), size: view.getUint32(at + 120, true) });
    }
  }
  const root = entries.find((e) => e.type === 5);
  const miniCutoff = view.getUint32(0x38, true);
  const miniFatStart = view.getUint32(0x3c, true);

  return {
    names: entries.filter((e) => e.type !== 5).map((e) => e.name),
    stream(name) {
      const entry = entries.find((e) => e.type === 2 && e.name === name);
      if (!entry) return null;
      if (entry.size >= miniCutoff) return readChain(entry.start, entry.size);
      // Small streams live in 64-byte mini sectors inside the root entry's stream.
      if (!root) return null;
      const mini = readChain(root.start, root.size);
      const miniFatSectors = chain(miniFatStart);
      if (!mini || !miniFatSectors) return null;
      const miniFat = new DataView(new Uint8Array(miniFatSectors.flatMap((s) => [...bytes.subarray(sectorAt(s), sectorAt(s) + sectorSize)])).buffer);
      const out = new Uint8Array(entry.size);
      let s = entry.start;
      for (let at = 0; at < entry.size; at += 64) {
        if (s === END_OF_CHAIN || (s + 1) * 64 > mini.length || s * 4 + 4 > miniFat.byteLength) return null;
        out.set(mini.subarray(s * 64, s * 64 + Math.min(64, entry.size - at)), at);
        s = miniFat.getUint32(s * 4, true);
      }
      return out;
    },
  };
}
