import type { Blast } from '@app/contract/blasts';
import type { Contact } from '@app/contract/chats';
import { describe, expect, it } from 'vitest';
import {
  anyRunning,
  type BlastFormValues,
  badRowsOf,
  blastFormData,
  chatTypeOfPlatform,
  emptyBlastForm,
  keepChannel,
  percentOf,
  selectionCount,
  toggledStatus,
  validateBlast,
} from './blast-form.ts';

const contact = (chatId: string, chatType: Contact['chat_type'] = 'wa'): Contact => ({
  id: 1,
  name: chatId,
  phone: null,
  chat_id: chatId,
  chat_type: chatType,
  timestamp: null,
  message: null,
});

const filled = (patch: Partial<BlastFormValues>): BlastFormValues => ({
  ...emptyBlastForm(),
  title: 'Promo',
  integration_id: '7',
  recipent_type: 'all_contact',
  message: 'Hello',
  ...patch,
});

const xlsx = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('validateBlast', () => {
  it('requires title, integration, recipient type and message', () => {
    expect(validateBlast(emptyBlastForm())).toEqual({
      title: 'blasts.validation.titleRequired',
      integration_id: 'blasts.validation.integrationRequired',
      recipent_type: 'blasts.validation.recipientTypeRequired',
      message: 'blasts.validation.messageRequired',
    });
    expect(validateBlast(filled({}))).toEqual({});
  });

  it('limits the message to 500 characters, counted after scripts are stripped', () => {
    expect(validateBlast(filled({ message: 'a'.repeat(500) })).message).toBeUndefined();
    expect(validateBlast(filled({ message: 'a'.repeat(501) })).message).toBe(
      'blasts.validation.messageTooLong',
    );
    expect(
      validateBlast(filled({ message: `${'a'.repeat(480)}<script>${'x'.repeat(40)}</script>` })).message,
    ).toBe(undefined);
    expect(validateBlast(filled({ message: '  <script>alert(1)</script> ' })).message).toBe(
      'blasts.validation.messageRequired',
    );
  });

  it('needs contacts for type contact and an Excel file for type excel', () => {
    expect(validateBlast(filled({ recipent_type: 'contact' })).selection).toBe(
      'blasts.validation.contactsRequired',
    );
    expect(
      validateBlast(filled({ recipent_type: 'contact', selection: { all: true, search: 'bu', total: 3 } })),
    ).toEqual({});
    expect(validateBlast(filled({ recipent_type: 'excel' })).file).toBe('blasts.validation.fileRequired');
    expect(validateBlast(filled({ recipent_type: 'excel', file: xlsx('list.csv') })).file).toBe(
      'blasts.validation.fileType',
    );
    expect(validateBlast(filled({ recipent_type: 'excel', file: xlsx('List.XLS') }))).toEqual({});
    expect(
      validateBlast(filled({ recipent_type: 'excel', file: xlsx('big.xlsx', 10 * 1024 * 1024 + 1) })).file,
    ).toBe('blasts.validation.fileTooLarge');
  });
});

describe('blastFormData', () => {
  it('sends ticked contacts joined with commas, status running, scripts stripped', () => {
    const form = blastFormData(
      filled({
        title: '  Promo ',
        recipent_type: 'contact',
        selection: { all: false, contacts: [contact('62811@c.us'), contact('62822@c.us')] },
        message: 'Hi <script>x()</script>there ',
        file: xlsx('ignored.xlsx'),
      }),
    );
    expect(Object.fromEntries(form.entries())).toEqual({
      title: 'Promo',
      integration_id: '7',
      recipent_type: 'contact',
      recipent_contact: '62811@c.us,62822@c.us',
      message: 'Hi there',
      status: 'running',
    });
  });

  it('sends the search instead of a list after select-all, and the file last for excel', () => {
    const all = blastFormData(
      filled({ recipent_type: 'contact', selection: { all: true, search: 'budi', total: 900 } }),
    );
    expect(all.get('contact_search')).toBe('budi');
    expect(all.has('recipent_contact')).toBe(false);
    const excel = blastFormData(
      filled({ recipent_type: 'excel', file: xlsx('list.xlsx'), description: ' note ' }),
    );
    expect([...excel.keys()]).toEqual([
      'title',
      'integration_id',
      'recipent_type',
      'message',
      'description',
      'status',
      'file',
    ]);
  });
});

describe('status and progress helpers', () => {
  it('toggles running to paused and anything else to running', () => {
    expect(toggledStatus('running')).toBe('paused');
    for (const status of ['paused', 'active', 'inactive', 'failed'] as const)
      expect(toggledStatus(status)).toBe('running');
  });

  it('polls only while something runs', () => {
    const blast = (status: Blast['status']) => ({ status }) as Blast;
    expect(anyRunning(undefined)).toBe(false);
    expect(anyRunning([blast('paused'), blast('active')])).toBe(false);
    expect(anyRunning([blast('paused'), blast('running')])).toBe(true);
  });

  it('gives shares with one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('contact selection', () => {
  it('counts ticked contacts or the matching total, and keeps only the integration channel', () => {
    const ticked = { all: false as const, contacts: [contact('a@c.us'), contact('b@telegram', 'telegram')] };
    expect(selectionCount(ticked)).toBe(2);
    expect(selectionCount(keepChannel(ticked, 'wa'))).toBe(1);
    const all = { all: true as const, search: '', total: 40 };
    expect(keepChannel(all, 'telegram')).toBe(all);
    expect(chatTypeOfPlatform('Telegram')).toBe('telegram');
    expect(chatTypeOfPlatform('WhatsApp Cloud API')).toBe('wa');
  });

  it('reads the refused rows of a 400 answer', () => {
    expect(badRowsOf([{ row: 3, phone: '12345', reason: 'Invalid phone number' }, { field: 'x' }])).toEqual([
      { row: 3, phone: '12345', reason: 'Invalid phone number' },
    ]);
    expect(badRowsOf(null)).toEqual([]);
  });
});
