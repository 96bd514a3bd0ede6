import { KNOWLEDGE_MAX_BYTES } from '@app/contract/knowledge';
import { describe, expect, it } from 'vitest';
import { isProcessing, knowledgeFileError, nameFromFile, validateKnowledge } from './knowledge-form.ts';

const file = (name: string) => new File(['x'], name);
const sized = (name: string, size: number) => ({ name, size });

describe('knowledge form', () => {
  it('requires a name and, when uploading, a file', () => {
    expect(validateKnowledge({ name: '  ', file: null }, false)).toEqual({
      name: 'knowledge.validation.nameRequired',
      file: 'knowledge.validation.fileRequired',
    });
    expect(validateKnowledge({ name: 'FAQ', file: file('faq.pdf') }, false)).toEqual({});
  });

  it('keeps the current file when editing without a new one', () => {
    expect(validateKnowledge({ name: 'FAQ', file: null }, true)).toEqual({});
    expect(validateKnowledge({ name: 'x'.repeat(256), file: null }, true)).toEqual({
      name: 'knowledge.validation.nameTooLong',
    });
  });

  it('accepts PDF, XLSX, DOCX, TXT and MD files of at most 50MB', () => {
    for (const name of ['a.pdf', 'b.XLSX', 'c.docx', 'd.txt', 'e.md']) {
      expect(knowledgeFileError(sized(name, 10), true), name).toBeNull();
    }
    expect(knowledgeFileError(sized('photo.png', 10), true)).toBe('knowledge.validation.fileType');
    expect(knowledgeFileError(sized('noextension', 10), true)).toBe('knowledge.validation.fileType');
    expect(knowledgeFileError(sized('big.pdf', KNOWLEDGE_MAX_BYTES), true)).toBeNull();
    expect(knowledgeFileError(sized('big.pdf', KNOWLEDGE_MAX_BYTES + 1), true)).toBe(
      'knowledge.validation.fileTooLarge',
    );
    expect(knowledgeFileError(null, false)).toBeNull();
  });

  it('suggests a name from the file', () => {
    expect(nameFromFile('Product FAQ.docx')).toBe('Product FAQ');
    expect(nameFromFile('notes')).toBe('notes');
  });

  it('polls while an item is processing', () => {
    expect(isProcessing([{ status: 'ready' }, { status: 'processing' }])).toBe(true);
    expect(isProcessing([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(isProcessing(undefined)).toBe(false);
  });
});
