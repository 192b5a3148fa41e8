// The names in a Compound File Binary (OLE2) container: enough to tell an old .xls (a `Workbook`
// or `Book` stream) from a password-protected xlsx (Office wraps the encrypted package in a CFB
// with `EncryptionInfo` and `EncryptedPackage` streams) from anything else. Only the directory is
// read, never a stream; every chain is bounded by the file's sector count, so a cycle cannot hang.

export const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const END_OF_CHAIN = 0xffff_fffe;

/** The stream and storage names of the container, or null when its header or directory is broken. */
export function cfbEntryNames(bytes: Uint8Array): string[] | null {
  if (bytes.length < 512 || CFB_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  const validSector = (n: number) => n < sectorCount;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  const fatCount = view.getUint32(0x2c, true);
  for (let i = 0; i < Math.min(109, fatCount); i++) fatSectors.push(view.getUint32(0x4c + i * 4, true));
  let difat = view.getUint32(0x44, true);
  for (let hops = 0; fatSectors.length < fatCount && validSector(difat) && hops < sectorCount; hops++) {
    const base = sectorAt(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatCount; i++) fatSectors.push(view.getUint32(base + i * 4, true));
    difat = view.getUint32(base + perSector * 4, true);
  }
  const nextSector = (n: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(n / perSector)];
    if (fatSector === undefined || !validSector(fatSector)) return END_OF_CHAIN;
    return view.getUint32(sectorAt(fatSector) + (n % perSector) * 4, true);
  };

  const names: string[] = [];
  let sector = view.getUint32(0x30, true);
  for (let hops = 0; sector !== END_OF_CHAIN; hops++) {
    if (!validSector(sector) || hops >= sectorCount) return null;
    const base = sectorAt(sector);
    for (let e = 0; e < sectorSize / 128; e++) {
      const at = base + e * 128;
      const type = bytes[at + 66];
      const nameBytes = view.getUint16(at + 64, true);
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.push(Buffer.from(bytes.buffer, bytes.byteOffset + at, nameBytes - 2).toString('utf16le'));
    }
    sector = nextSector(sector);
  }
  return names;
}
