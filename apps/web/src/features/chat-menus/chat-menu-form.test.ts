import { describe, expect, it } from 'vitest';
import {
  addRefusal,
  emptyChild,
  emptyMenu,
  isBlankMenu,
  type MenuDraft,
  menuBody,
  menusToSave,
  placeEntry,
  validateMenu,
  workflowOptions,
} from './chat-menu-form.ts';

const complete = (name: string, patch: Partial<MenuDraft> = {}): MenuDraft => ({
  name,
  description: `About ${name}`,
  workflow_id: '3',
  action_id: '2',
  children: [],
  ...patch,
});

describe('validateMenu', () => {
  it('names every missing field of the menu and of its children', () => {
    expect(validateMenu({ ...emptyMenu(), children: [emptyChild()] })).toEqual({
      name: 'chatMenus.nameRequired',
      description: 'chatMenus.descriptionRequired',
      workflow_id: 'chatMenus.workflowRequired',
      action_id: 'chatMenus.actionRequired',
      'children.0.name': 'chatMenus.childNameRequired',
      'children.0.description': 'chatMenus.childDescriptionRequired',
      'children.0.workflow_id': 'chatMenus.workflowRequired',
      'children.0.action_id': 'chatMenus.actionRequired',
    });
  });

  it('treats blank text as missing and accepts a complete entry', () => {
    expect(validateMenu(complete('  ', { description: ' ' }))).toEqual({
      name: 'chatMenus.nameRequired',
      description: 'chatMenus.descriptionRequired',
    });
    expect(validateMenu(complete('Orders', { children: [complete('Status')] }))).toEqual({});
  });
});

describe('addRefusal', () => {
  it("asks for a menu name first: 'Please fill at least one menu name'", () => {
    expect(addRefusal(emptyMenu())).toBe('chatMenus.fillOneName');
    expect(addRefusal(complete(''))).toBe('chatMenus.fillOneName');
  });

  it("refuses an entry with a missing field: 'Please fill all required fields correctly'", () => {
    expect(addRefusal(complete('Orders', { action_id: null }))).toBe('chatMenus.fillRequired');
    expect(addRefusal(complete('Orders', { children: [{ ...complete('Status'), name: '' }] }))).toBe(
      'chatMenus.fillRequired',
    );
  });

  it('lets a complete entry in', () => {
    expect(addRefusal(complete('Orders', { children: [complete('Status')] }))).toBeNull();
  });
});

describe('the Temporary Menu List', () => {
  it('adds at the end, or puts an edited entry back in its place', () => {
    const list = [complete('A'), complete('B')];
    expect(placeEntry(list, complete('C'), null).map((m) => m.name)).toEqual(['A', 'B', 'C']);
    expect(placeEntry(list, complete('B2'), 1).map((m) => m.name)).toEqual(['A', 'B2']);
  });

  it('sees whether anything was typed in the editor', () => {
    expect(isBlankMenu(emptyMenu())).toBe(true);
    expect(isBlankMenu({ ...emptyMenu(), children: [emptyChild()] })).toBe(true);
    expect(isBlankMenu({ ...emptyMenu(), action_id: '1' })).toBe(false);
    expect(isBlankMenu({ ...emptyMenu(), children: [{ ...emptyChild(), name: 'x' }] })).toBe(false);
  });

  it('saves the list, with a filled editor entry, and refuses an empty save', () => {
    expect(menusToSave([], emptyMenu(), null)).toEqual({ ok: false, refusal: 'chatMenus.fillOneName' });
    expect(menusToSave([complete('A')], emptyMenu(), null)).toEqual({ ok: true, menus: [complete('A')] });
    expect(menusToSave([complete('A')], complete('B'), null)).toEqual({
      ok: true,
      menus: [complete('A'), complete('B')],
    });
    expect(menusToSave([complete('A')], complete('B', { workflow_id: null }), null)).toEqual({
      ok: false,
      refusal: 'chatMenus.fillRequired',
    });
    // An entry being edited goes back in its place, and may not be emptied.
    expect(menusToSave([complete('A')], complete('A2'), 0)).toEqual({ ok: true, menus: [complete('A2')] });
    expect(menusToSave([complete('A')], emptyMenu(), 0)).toEqual({
      ok: false,
      refusal: 'chatMenus.fillOneName',
    });
  });
});

describe('menuBody', () => {
  it('trims the texts and sends the ids as numbers', () => {
    expect(
      menuBody(complete(' Orders ', { children: [complete(' Order status ', { description: ' Where? ' })] })),
    ).toEqual({
      name: 'Orders',
      description: 'About  Orders',
      workflow_id: 3,
      action_id: 2,
      children: [{ name: 'Order status', description: 'Where?', workflow_id: 3, action_id: 2 }],
    });
  });
});

describe('workflowOptions', () => {
  it('labels workflows by template name, numbered when two share one', () => {
    expect(
      workflowOptions([
        { id: 1, workflow_name: 'Order status' },
        { id: 2, workflow_name: 'FAQ' },
        { id: 3, workflow_name: 'Order status' },
      ]),
    ).toEqual([
      { value: '1', label: 'Order status (#1)' },
      { value: '2', label: 'FAQ' },
      { value: '3', label: 'Order status (#3)' },
    ]);
  });
});
