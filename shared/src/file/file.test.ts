import { describe, expect, it } from 'vitest';
import { FILE_SIZE_LIMIT_BYTES } from '../constants';
import { MSG } from '../messages';
import { matchesDocumentType } from './magic';
import { DOCUMENT_TEXTS, planDocumentUpload } from './schemas';

const MB = 1024 * 1024;
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
/** A zip's first local entry header for `name` (stored), then `data`. */
const zipEntry = (name: string, data: string) => bytes([0x50, 0x4b, 0x03, 0x04], new Array(22).fill(0), [name.length, 0, 0, 0], name, data);

describe('planDocumentUpload', () => {
  it('ignores a name chosen twice, refuses other types, and refuses a file over what remains of the 30 MB with the spec text', () => {
    // Prepare: 20 MB already stored
    const files = [
      { fileName: 'a.pdf', size: 6 * MB },
      { fileName: 'a.pdf', size: 1 },
      { fileName: 'b.exe', size: 10 },
      { fileName: 'c.DOCX', size: 5 * MB },
    ];
    // Act
    const plan = planDocumentUpload(20 * MB, files);
    // Assess: a.pdf fits (4 MB left), c.DOCX does not
    expect(plan.accepted.map((f) => f.fileName)).toEqual(['a.pdf']);
    expect(plan.refused).toEqual([
      { file: files[2], reason: DOCUMENT_TEXTS.notAccepted },
      { file: files[3], reason: 'Overall size of 30 MB exceeded. You can upload file not larger than 4 MB.' },
    ]);
    expect(MSG.documentsOverLimit).toBe('Overall size of {limit} MB exceeded. You can upload file not larger than {remaining} MB.');
  });

  it('accepts files up to exactly the total, and refuses an empty one', () => {
    const plan = planDocumentUpload(0, [{ fileName: 'x.csv', size: FILE_SIZE_LIMIT_BYTES }, { fileName: 'y.csv', size: 0 }]);
    expect(plan.accepted.map((f) => f.fileName)).toEqual(['x.csv']);
    expect(plan.refused[0]!.reason).toBe(DOCUMENT_TEXTS.empty);
  });
});

describe('matchesDocumentType', () => {
  it('knows each accepted type by its first bytes, and refuses a renamed file', () => {
    expect(matchesDocumentType('pdf', bytes('%PDF-1.7\n'), false)).toBe(true);
    expect(matchesDocumentType('pdf', bytes('MZ\x90\x00'), false)).toBe(false);
    expect(matchesDocumentType('doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), false)).toBe(true);
    expect(matchesDocumentType('docx', zipEntry('[Content_Types].xml', '<?xml'), false)).toBe(true);
    expect(matchesDocumentType('odt', zipEntry('mimetype', 'application/vnd.oasis.opendocument.text'), false)).toBe(true);
    expect(matchesDocumentType('docx', zipEntry('mimetype', 'application/vnd.oasis.opendocument.text'), false)).toBe(false);
    expect(matchesDocumentType('odt', zipEntry('[Content_Types].xml', '<?xml'), false)).toBe(false);
    expect(matchesDocumentType('csv', bytes('name,city\nNora,Newark\n'), true)).toBe(true);
    expect(matchesDocumentType('csv', bytes('caf\xc3\xa9,1\n'), true)).toBe(true);
    expect(matchesDocumentType('csv', bytes('%PDF', [0, 1, 2]), true)).toBe(false);
    expect(matchesDocumentType('csv', bytes([0xff, 0xfe, 0x41]), true)).toBe(false);
  });
});
