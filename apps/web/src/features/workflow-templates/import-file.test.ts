import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, readExportFile } from './import-file.ts';

describe('readExportFile', () => {
  it('parses the JSON of the chosen file', async () => {
    const file = new Blob([JSON.stringify({ name: 'Flow', nodes: [], connections: {} })]);
    expect(await readExportFile(file)).toEqual({
      ok: true,
      content: { name: 'Flow', nodes: [], connections: {} },
    });
  });

  it('refuses a file that is not JSON', async () => {
    expect(await readExportFile(new Blob(['name: Flow']))).toEqual({ ok: false, problem: 'notJson' });
  });

  it('refuses a file over 5 MB without reading it', async () => {
    const big = { size: IMPORT_MAX_BYTES + 1, text: () => Promise.reject(new Error('read')) } as Blob;
    expect(await readExportFile(big)).toEqual({ ok: false, problem: 'tooLarge' });
  });
});
