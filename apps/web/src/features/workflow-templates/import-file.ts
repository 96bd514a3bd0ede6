/** The server takes an import body of at most 5 MB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type ReadExport = { ok: true; content: unknown } | { ok: false; problem: 'tooLarge' | 'notJson' };

/**
 * The content of the n8n export file the person chose, parsed, to be sent as it is; the server
 * says whether it is a workflow export. A file too large or not JSON never leaves the browser.
 */
export async function readExportFile(file: Blob): Promise<ReadExport> {
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  try {
    return { ok: true, content: JSON.parse(await file.text()) as unknown };
  } catch {
    return { ok: false, problem: 'notJson' };
  }
}
