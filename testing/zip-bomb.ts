// DOCX-shaped ZIP archives (fflate) that unpack to far more than they weigh, honestly or not.
import { strToU8, zipSync } from 'fflate';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const PARAGRAPH = '<w:p><w:r><w:t>Trust grows when managers share context.</w:t></w:r></w:p>';

/** A DOCX whose document.xml has `paragraphs` paragraphs of six words (about 70 bytes each, unpacked), and `extra` entries. */
export function docxOfParagraphs(paragraphs: number, extra: Record<string, Uint8Array> = {}): Buffer {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${PARAGRAPH.repeat(paragraphs)}</w:body></w:document>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(CONTENT_TYPES), '_rels/.rels': strToU8(RELS), 'word/document.xml': strToU8(document), ...extra }, { level: 9 }));
}

/** A DOCX of one paragraph and an entry of `bytes` zeros, which deflate a thousandfold. */
export const docxBomb = (bytes: number) => docxOfParagraphs(1, { 'word/media/zeros.bin': new Uint8Array(bytes) });

/** The archive with the uncompressed size of entry `name` declared as `size` (a lie), in its local and central headers. */
export function declaringSize(zip: Buffer, name: string, size: number): Buffer {
  const lying = Buffer.from(zip);
  const bytes = Buffer.from(name);
  for (let at = lying.indexOf(bytes); at !== -1; at = lying.indexOf(bytes, at + 1)) {
    if (at >= 30 && lying.readUInt32LE(at - 30) === 0x04034b50) lying.writeUInt32LE(size, at - 8);
    if (at >= 46 && lying.readUInt32LE(at - 46) === 0x02014b50) lying.writeUInt32LE(size, at - 22);
  }
  return lying;
}
