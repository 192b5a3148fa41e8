import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

// The hostile-file corpus of the bad-input campaign, generated here rather than committed: zip
// bombs (high ratio, lying sizes, many entries, overlapping entries, nested), XML entity expansion
// (in an xlsx's XML and in SVG), polyglots (PNG+zip, PDF+zip, HTML in a .csv), deep nesting
// (S-expressions, JSON, XML, PDF, VRML), invalid UTF-8, NUL bytes, megabyte strings, pixel floods,
// a compound file (.xls) whose sector chain loops, damaged and truncated files. The zip writer is
// written here, apart from the app's, so that it can lie.

export type HostileFile = { label: string; name: string; bytes: Uint8Array };

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);
const MB = 1024 * 1024;

type RawEntry = { name: string; body: Uint8Array; method: 0 | 8; crc: number; compressedSize?: number; size: number; offsetOverride?: number; flags?: number };

/** A zip from raw entries: sizes, CRCs and offsets are whatever the entry says, true or not. */
export function rawZip(entries: readonly RawEntry[], extraCentral: readonly { of: number; name: string }[] = []): Buffer {
  const locals: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800 | (e.flags ?? 0), 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt32LE(e.crc >>> 0, 14);
    h.writeUInt32LE(e.compressedSize ?? e.body.length, 18);
    h.writeUInt32LE(e.size >>> 0, 22);
    h.writeUInt16LE(name.length, 26);
    offsets.push(at);
    locals.push(h, name, Buffer.from(e.body));
    at += 30 + name.length + e.body.length;
  }
  const central: Buffer[] = [];
  const all = [...entries.map((e, i) => ({ e, offset: e.offsetOverride ?? offsets[i]!, name: e.name })), ...extraCentral.map((x) => ({ e: entries[x.of]!, offset: offsets[x.of]!, name: x.name }))];
  for (const { e, offset, name: entryName } of all) {
    const name = Buffer.from(entryName, 'utf8');
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800 | (e.flags ?? 0), 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.compressedSize ?? e.body.length, 20);
    c.writeUInt32LE(e.size >>> 0, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(all.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(all.length, 0xffff), 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** An honest entry (deflated unless `store`). */
export function entry(name: string, data: Uint8Array | string, store = false): RawEntry {
  const raw = typeof data === 'string' ? text(data) : data;
  const body = store ? raw : deflateRawSync(raw);
  return { name, body, method: store ? 0 : 8, crc: crc32(raw), size: raw.length };
}

/**
 * The deflate stream of `megabytes` MB of zeros, built from one flushed megabyte repeated, so a
 * gigabyte costs a kilobyte and no gigabyte is ever held: the shape of a real zip bomb.
 */
function zerosDeflated(megabytes: number): { body: Buffer; crc: number; size: number } {
  const zeros = Buffer.alloc(MB);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(zeros, crc);
  // A final, empty stored block ends the stream.
  return { body: Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])]), crc, size: megabytes * MB };
}

const LAUGHS = `<!DOCTYPE lolz [
<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
<!ENTITY xxe SYSTEM "file:///etc/passwd">
]>`;

/** An xlsx whose parts are the given XML texts (the rest minimal and valid). */
function xlsx(parts: { sheet?: string; sharedStrings?: string; workbook?: string }): Buffer {
  const workbook =
    parts.workbook ??
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>';
  return rawZip([
    entry('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'),
    entry('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    entry('xl/workbook.xml', workbook),
    entry('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'),
    entry('xl/worksheets/sheet1.xml', parts.sheet ?? '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>'),
    entry('xl/sharedStrings.xml', parts.sharedStrings ?? '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>MPN</t></si></sst>'),
  ]);
}

/** A PNG of the given size whose pixels deflate to almost nothing: a pixel flood. */
function png(width: number, height: number, idat?: Uint8Array): Buffer {
  const chunk = (type: string, data: Uint8Array) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1, greyscale: the smallest raw size per pixel
  const rowBytes = 1 + Math.ceil(width / 8);
  const data = idat ?? deflateSync(Buffer.alloc(Math.min(rowBytes * height, 16 * MB)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', data), chunk('IEND', new Uint8Array())]);
}

/** A compound file (.xls) whose FAT sends sector 0 back to itself: a reader must not follow it forever. */
function loopingCompoundFile(): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(0, 48); // directory starts at sector 0
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  header.writeUInt32LE(1, 76); // DIFAT[0]: the FAT is sector 1
  for (let i = 1; i < 109; i++) header.writeUInt32LE(0xffffffff, 76 + i * 4);
  const dir = Buffer.alloc(512, 0);
  Buffer.from('Root Entry', 'utf16le').copy(dir, 0);
  dir.writeUInt16LE(22, 64);
  dir[66] = 5;
  dir.writeUInt32LE(0, 116); // its stream starts at sector 0 too
  dir.writeUInt32LE(1_000_000, 120);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0, 0); // sector 0 → sector 0
  fat.writeUInt32LE(0xfffffffd, 4);
  return Buffer.concat([header, dir, fat]);
}

const deepSexpr = (levels: number) => `${'('.repeat(levels)}kicad_sch${')'.repeat(levels)}`;

/** The corpus. Names carry the extension the file claims; uploads also try it under others. */
export function hostileCorpus(): HostileFile[] {
  const gig = zerosDeflated(1024);
  const hundred = zerosDeflated(100);
  const bombRatio = rawZip([{ name: 'bomb.kicad_sch', body: gig.body, method: 8, crc: gig.crc, size: gig.size }]);
  const bombLying = rawZip([{ name: 'bomb.kicad_pcb', body: gig.body, method: 8, crc: gig.crc, size: 1000 }]);
  const overlapping = rawZip(
    [{ name: 'o0.kicad_sch', body: hundred.body, method: 8, crc: hundred.crc, size: hundred.size }],
    Array.from({ length: 2000 }, (_, i) => ({ of: 0, name: `o${i + 1}.kicad_sch` })),
  );
  const manyEntries = rawZip(Array.from({ length: 20_000 }, (_, i) => entry(`e${i}.kicad_sch`, '', true)));
  const nested = rawZip(Array.from({ length: 10 }, (_, i) => entry(`inner${i}.zip`, bombRatio, true)));
  const doubleNested = rawZip([entry('outer.zip', nested)]);
  const slip = rawZip([entry('../../../../tmp/evil.kicad_sch', '(kicad_sch)'), entry('/etc/evil.kicad_pro', '{}'), entry('C:\\evil.kicad_pcb', '(kicad_pcb)'), entry('a/../../b.kicad_sch', '(kicad_sch)')]);
  const encrypted = rawZip([{ ...entry('secret.kicad_sch', '(kicad_sch)'), flags: 1 }]);
  const badMethod = rawZip([{ ...entry('m.kicad_sch', '(kicad_sch)'), method: 8, body: text('not deflate at all') }]);
  const pngOk = png(16, 16);
  const pdfMinimal = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((hundred.size % 65521) << 16) | 1) >>> 0);
  const flateBomb = concat(Buffer.from([0x78, 0x9c]), hundred.body, adler);
  const files: HostileFile[] = [
    { label: 'zip bomb: 1 GB of zeros in 1 MB (ratio 1000)', name: 'bomb.zip', bytes: bombRatio },
    { label: 'zip bomb: declares 1000 bytes, inflates to 1 GB', name: 'lying.zip', bytes: bombLying },
    { label: 'zip bomb: 2001 entries over the same 100 MB stream', name: 'overlap.zip', bytes: overlapping },
    { label: 'zip: 20 000 entries', name: 'many.zip', bytes: manyEntries },
    { label: 'zip bomb: 10 nested bombs', name: 'nested.zip', bytes: nested },
    { label: 'zip bomb: nested twice', name: 'nested2.zip', bytes: doubleNested },
    { label: 'zip slip: ../, absolute and drive paths', name: 'slip.zip', bytes: slip },
    { label: 'zip: encrypted entry', name: 'encrypted.zip', bytes: encrypted },
    { label: 'zip: entry that is not deflate', name: 'badmethod.zip', bytes: badMethod },
    { label: 'zip: truncated', name: 'truncated.zip', bytes: bombRatio.subarray(0, 200) },
    { label: 'xlsx: billion laughs in sharedStrings.xml', name: 'laughs.xlsx', bytes: xlsx({ sharedStrings: `<?xml version="1.0"?>${LAUGHS}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&lol9;&xxe;</t></si></sst>` }) },
    { label: 'xlsx: billion laughs in the sheet and the workbook', name: 'laughs2.xlsx', bytes: xlsx({ sheet: `<?xml version="1.0"?>${LAUGHS}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`, workbook: `<?xml version="1.0"?>${LAUGHS}<workbook><sheets><sheet name="&lol9;" sheetId="1"/></sheets></workbook>` }) },
    { label: 'xlsx: XML nested 100 000 deep', name: 'deep.xlsx', bytes: xlsx({ sheet: `<?xml version="1.0"?><worksheet><sheetData>${'<row>'.repeat(100_000)}${'</row>'.repeat(100_000)}</sheetData></worksheet>` }) },
    { label: 'xlsx: a sheet of 1 GB (zip bomb as xlsx)', name: 'bomb.xlsx', bytes: rawZip([entry('[Content_Types].xml', '<Types/>'), { name: 'xl/worksheets/sheet1.xml', body: gig.body, method: 8, crc: gig.crc, size: gig.size }]) },
    { label: 'xlsx: rows and cells addressed at the end of the sheet', name: 'far.xlsx', bytes: xlsx({ sheet: '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData><row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>' }) },
    { label: 'xls: compound file whose sector chain loops', name: 'loop.xls', bytes: loopingCompoundFile() },
    { label: 'xls: compound-file signature, then junk', name: 'junk.xls', bytes: concat(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0xff)) },
    { label: 'SVG: billion laughs and an external entity', name: 'laughs.svg', bytes: text(`<?xml version="1.0"?>${LAUGHS}<svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;&xxe;</text></svg>`) },
    { label: 'SVG: script, onload, foreignObject', name: 'xss.svg', bytes: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><foreignObject><iframe src="javascript:alert(3)"/></foreignObject></svg>') },
    { label: 'polyglot: PNG with a zip appended', name: 'polyglot.png', bytes: concat(pngOk, slip) },
    { label: 'polyglot: PDF with a zip appended', name: 'polyglot.pdf', bytes: concat(text(pdfMinimal), bombRatio) },
    { label: 'polyglot: HTML in a .csv', name: 'page.csv', bytes: text('<html><body><script>alert(document.cookie)</script>MPN,Qty\nLM358,1</body></html>\n') },
    { label: 'polyglot: a PNG named .xlsx', name: 'image.xlsx', bytes: pngOk },
    { label: 'PNG pixel flood: 50 000 × 50 000', name: 'flood.png', bytes: png(50_000, 50_000) },
    { label: 'PNG: header claims 2^31 × 2^31, no pixels', name: 'huge-header.png', bytes: png(0x7fffffff, 0x7fffffff, new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])) },
    { label: 'PDF: arrays nested 100 000 deep', name: 'deep.pdf', bytes: text(`%PDF-1.7\n1 0 obj\n${'['.repeat(100_000)}${']'.repeat(100_000)}\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF`) },
    { label: 'PDF: page tree that contains itself, xref /Prev loop', name: 'cycle.pdf', bytes: text('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[2 0 R]/Count 1>>endobj\nxref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \ntrailer<</Size 3/Root 1 0 R/Prev 98>>\nstartxref\n98\n%%EOF') },
    { label: 'PDF: a content stream that inflates to 100 MB', name: 'flate-bomb.pdf', bytes: concat(text(`%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]/Contents 4 0 R>>endobj\n4 0 obj<</Length ${flateBomb.length}/Filter/FlateDecode>>stream\n`), flateBomb, text('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')) },
    { label: 'PDF: signature only', name: 'empty.pdf', bytes: text('%PDF-') },
    { label: 'S-expression nested 200 000 deep (.kicad_sch)', name: 'deep.kicad_sch', bytes: text(deepSexpr(200_000)) },
    { label: 'S-expression nested 200 000 deep (.kicad_pcb)', name: 'deep.kicad_pcb', bytes: text(deepSexpr(200_000).replace('kicad_sch', 'kicad_pcb')) },
    { label: 'S-expression nested 200 000 deep (.kicad_sym)', name: 'deep.kicad_sym', bytes: text(deepSexpr(200_000).replace('kicad_sch', 'kicad_symbol_lib')) },
    { label: 'S-expression nested 200 000 deep (.kicad_mod)', name: 'deep.kicad_mod', bytes: text(deepSexpr(200_000).replace('kicad_sch', 'footprint')) },
    { label: 'JSON nested 200 000 deep (.kicad_pro)', name: 'deep.kicad_pro', bytes: text(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) },
    { label: 'VRML: Transform nested 100 000 deep', name: 'deep.wrl', bytes: text(`#VRML V2.0 utf8\n${'Transform { children [ '.repeat(100_000)}${'] } '.repeat(100_000)}`) },
    { label: 'VRML: a coordinate list of 1 MB of one number', name: 'long.wrl', bytes: text(`#VRML V2.0 utf8\nShape { geometry IndexedFaceSet { coord Coordinate { point [ ${'9'.repeat(MB)} ] } coordIndex [ 0 0 0 -1 ] } }`) },
    { label: 'STEP: header, then junk', name: 'junk.step', bytes: text(`ISO-10303-21;\nHEADER;\n${'#1=('.repeat(50_000)}\nENDSEC;\n`) },
    { label: 'S-expression: a 1 MB string token', name: 'long.kicad_sym', bytes: text(`(kicad_symbol_lib (version 20231120) (generator "x") (symbol "${'A'.repeat(MB)}" (property "Reference" "U" (at 0 0 0))))`) },
    { label: 'S-expression: NUL bytes and invalid UTF-8 inside', name: 'nul.kicad_sch', bytes: concat(text('(kicad_sch (version 20231120) (generator "'), Buffer.from([0x00, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), text('") (uuid "x"))')) },
    { label: 'S-expression: unterminated string', name: 'open.kicad_pcb', bytes: text('(kicad_pcb (version 20240108) (generator "pcbnew) (layers') },
    { label: 'CSV: invalid UTF-8 throughout', name: 'bad-utf8.csv', bytes: concat(text('MPN,Qty\n'), Buffer.from(Array.from({ length: 4096 }, (_, i) => [0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x0a][i % 7]!))) },
    { label: 'CSV: NUL bytes', name: 'nul.csv', bytes: concat(text('MPN,Qty\nLM358'), Buffer.alloc(2048, 0), text(',1\n')) },
    { label: 'CSV: one cell of 1 MB', name: 'long-cell.csv', bytes: text(`MPN,Qty\n"${'x'.repeat(MB)}",1\n`) },
    { label: 'CSV: a million empty lines', name: 'lines.csv', bytes: text(`MPN,Qty\n${'\n'.repeat(1_000_000)}`) },
    { label: 'CSV: 50 000 columns', name: 'wide.csv', bytes: text(`${'MPN,'.repeat(50_000)}\n${'1,'.repeat(50_000)}\n`) },
    { label: 'CSV: unterminated quote over 1 MB', name: 'quote.csv', bytes: text(`MPN,Qty\n"${'a,'.repeat(MB / 2)}`) },
    { label: 'CSV: formula injection', name: 'formula.csv', bytes: text("MPN,Qty,Note\n=cmd|' /C calc'!A0,1,@SUM(1+1)\n+1+1,-2,\t=1\n") },
    { label: 'CSV: UTF-16 with a byte-order mark', name: 'utf16.csv', bytes: concat(Buffer.from([0xff, 0xfe]), Buffer.from('MPN,Qty\nLM358,1\n', 'utf16le')) },
    { label: 'text: 1 MB on one line', name: 'long.txt', bytes: text('y'.repeat(MB)) },
    { label: 'markdown: 100 000 nested quotes and links', name: 'deep.md', bytes: text(`${'>'.repeat(100_000)} [x](javascript:alert(1))\n${'['.repeat(50_000)}`) },
    { label: 'empty file', name: 'empty.csv', bytes: new Uint8Array() },
    { label: 'JPEG: SOI then junk', name: 'junk.jpg', bytes: concat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024, 0xff)) },
    { label: 'WebP: RIFF header with a size of 4 GB', name: 'huge.webp', bytes: concat(text('RIFF'), Buffer.from([0xff, 0xff, 0xff, 0xff]), text('WEBPVP8 '), Buffer.from([0xff, 0xff, 0xff, 0x7f]), Buffer.alloc(64)) },
  ];
  return files;
}
