import type { KnowledgeFileType } from '@app/contract/knowledge';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';

/** A piece of a document with the heading it sits under (a Markdown section, a PDF page, a sheet). */
export interface Section {
  heading: string | null;
  text: string;
}

/** A file that cannot be indexed; the message is shown to the person who uploaded it. */
export class UnreadableFile extends Error {}

/** Limits against hostile files: what an honest knowledge document never needs. */
export const EXTRACT_LIMITS = {
  /** Sum of the uncompressed sizes a DOCX/XLSX may declare (a zip bomb declares gigabytes). */
  unzippedBytes: 200 * 1024 * 1024,
  zipEntries: 5_000,
  sheetRows: 20_000,
  pdfPages: 2_000,
};

/**
 * Whether the bytes are what the name says: PDF magic, a ZIP holding the Office part that type
 * needs, or UTF-8 text without NUL bytes. Answers null when they are, else the reason.
 */
export function checkContent(type: KnowledgeFileType, bytes: Buffer): string | null {
  if (type === 'pdf')
    return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? null : 'The file is not a PDF';
  if (type === 'docx' || type === 'xlsx') {
    const entries = zipDirectory(bytes);
    if (typeof entries === 'string') return entries;
    const needed = type === 'docx' ? 'word/document.xml' : 'xl/workbook.xml';
    if (!entries.names.includes(needed)) return `The file is not a ${type.toUpperCase()} document`;
    if (
      entries.names.length > EXTRACT_LIMITS.zipEntries ||
      entries.unzippedBytes > EXTRACT_LIMITS.unzippedBytes
    )
      return 'The file expands to more than 200MB and was refused';
    return null;
  }
  if (bytes.includes(0)) return 'The file is not a text file';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'The text file is not UTF-8';
  }
  return null;
}

/**
 * Reads a ZIP's central directory (without inflating anything) for the names and the declared
 * uncompressed sizes. ZIP64 archives are refused: no Office document of an honest size needs one.
 */
function zipDirectory(bytes: Buffer): { names: string[]; unzippedBytes: number } | string {
  if (bytes.readUInt32LE(0) !== 0x04034b50) return 'The file is not an Office document';
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'The file is damaged';
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) return 'The file is too large to be read';
  const names: string[] = [];
  let unzippedBytes = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return 'The file is damaged';
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return 'The file is too large to be read';
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extra = bytes.readUInt16LE(offset + 30);
    const comment = bytes.readUInt16LE(offset + 32);
    names.push(bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    unzippedBytes += size;
    offset += 46 + nameLength + extra + comment;
  }
  return { names, unzippedBytes };
}

/** The text of a document, by sections. Throws UnreadableFile with a reason a person understands. */
export async function extractSections(type: KnowledgeFileType, bytes: Buffer): Promise<Section[]> {
  switch (type) {
    case 'txt':
      return [{ heading: null, text: bytes.toString('utf8') }];
    case 'md':
      return markdownSections(bytes.toString('utf8'));
    case 'docx':
      return docxSections(bytes);
    case 'xlsx':
      return xlsxSections(bytes);
    case 'pdf':
      return pdfSections(bytes);
  }
}

/** Markdown split at its headings; each section keeps its heading trail ("Shipping › Returns"). */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const trail: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) sections.push({ heading: trail.filter(Boolean).join(' › ') || null, text });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      trail.length = level;
      trail[level - 1] = heading[2]!;
      continue;
    }
    lines.push(line);
  }
  flush();
  return sections;
}

async function docxSections(bytes: Buffer): Promise<Section[]> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return [{ heading: null, text: value }];
  } catch {
    throw new UnreadableFile('The DOCX document is damaged and could not be read');
  }
}

/** Every sheet row becomes "header: value" lines under the sheet's name, the first row being the headers. */
async function xlsxSections(bytes: Buffer): Promise<Section[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile('The XLSX workbook is damaged and could not be read');
  }
  const sections: Section[] = [];
  for (const sheet of workbook.worksheets) {
    if (sheet.actualRowCount > EXTRACT_LIMITS.sheetRows) {
      throw new UnreadableFile(
        `The sheet "${sheet.name}" has more than ${EXTRACT_LIMITS.sheetRows.toLocaleString('en')} rows; split it into smaller files`,
      );
    }
    let headers: string[] | null = null;
    sheet.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      if (!headers) {
        headers = cells;
        return;
      }
      const lines = cells
        .map((value, i) => (value ? `${headers?.[i] || `Column ${i + 1}`}: ${value}` : ''))
        .filter(Boolean);
      if (lines.length > 0) sections.push({ heading: sheet.name, text: lines.join('\n') });
    });
  }
  return sections;
}

function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { text?: string; result?: unknown; richText?: { text: string }[] };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return String(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    return '';
  }
  return String(value).trim();
}

async function pdfSections(bytes: Buffer): Promise<Section[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    document = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException')
      throw new UnreadableFile('The PDF is password-protected; upload it without a password');
    throw new UnreadableFile('The PDF is damaged and could not be read');
  }
  try {
    if (document.numPages > EXTRACT_LIMITS.pdfPages)
      throw new UnreadableFile(`The PDF has more than ${EXTRACT_LIMITS.pdfPages} pages`);
    const sections: Section[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      if (text.trim()) sections.push({ heading: `Page ${number}`, text });
    }
    return sections;
  } finally {
    await document.destroy();
  }
}
