import type { DocumentExtension } from './schemas';

/**
 * Does a file's first bytes (at least the first 4 KiB when the file has them) match its
 * extension? pdf: '%PDF-'; doc: the OLE compound-file signature; docx: a zip archive that is not
 * an OpenDocument one; odt: a zip archive whose first entry is 'mimetype' naming
 * application/vnd.oasis.opendocument.text; csv: text (UTF-8, no NUL bytes, no other control
 * characters than tab, CR, LF and form feed).
 */
export const HEAD_BYTES = 4096;

const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ODT_MIME = 'application/vnd.oasis.opendocument.text';

/** An OpenDocument archive: the first local entry is stored, named 'mimetype', holding the mime type. */
function isOpenDocument(head: Uint8Array): boolean {
  if (!startsWith(head, ZIP)) return false;
  const nameLength = head[26]! | (head[27]! << 8);
  const extraLength = head[28]! | (head[29]! << 8);
  if (ascii(head, 30, 30 + nameLength) !== 'mimetype') return false;
  const data = 30 + nameLength + extraLength;
  return ascii(head, data, data + ODT_MIME.length) === ODT_MIME;
}

function isText(head: Uint8Array, wholeFile: boolean): boolean {
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  // a multi-byte character cut at the end of the head is fine
  let end = head.length;
  if (!wholeFile) {
    let i = head.length - 1;
    while (i >= 0 && i > head.length - 4 && (head[i]! & 0xc0) === 0x80) i--;
    if (i >= 0 && head[i]! >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

export function matchesDocumentType(extension: DocumentExtension, head: Uint8Array, wholeFile: boolean): boolean {
  switch (extension) {
    case 'pdf':
      return ascii(head, 0, 5) === '%PDF-';
    case 'doc':
      return startsWith(head, OLE);
    case 'docx':
      return startsWith(head, ZIP) && !isOpenDocument(head);
    case 'odt':
      return isOpenDocument(head);
    case 'csv':
      return head.length > 0 && isText(head, wholeFile);
  }
}
