// Documents attached to a design (pdf, png, jpg, txt, md): the extension chooses the type and
// the first bytes must agree, so an executable renamed .pdf is refused and the stored content
// type is always one we chose.

const TYPES: Record<string, { contentType: string; check: (b: Uint8Array) => boolean }> = {
  pdf: { contentType: 'application/pdf', check: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
  png: { contentType: 'image/png', check: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { contentType: 'image/jpeg', check: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  jpeg: { contentType: 'image/jpeg', check: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  txt: { contentType: 'text/plain; charset=utf-8', check: isText },
  md: { contentType: 'text/markdown; charset=utf-8', check: isText },
};

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((m, i) => bytes[i] === m);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 without NUL: a text a browser may show as text. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The content type to store the document with, or null when it is not an accepted document. */
export function documentType(name: string, bytes: Uint8Array): string | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const type = name.includes('.') ? TYPES[ext] : undefined;
  return type && type.check(bytes) ? type.contentType : null;
}
