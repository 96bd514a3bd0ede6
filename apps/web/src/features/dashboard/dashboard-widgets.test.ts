import { beforeEach, describe, expect, it } from 'vitest';
import {
  allWidgets,
  loadWidgetChoice,
  saveWidgetChoice,
  WIDGET_IDS,
  WIDGETS_STORAGE_KEY,
} from './dashboard-widgets.ts';

describe('dashboard widget choice', () => {
  beforeEach(() => localStorage.clear());

  it('shows all ten widgets until something is saved', () => {
    expect(WIDGET_IDS).toHaveLength(10);
    expect(loadWidgetChoice()).toEqual(allWidgets());
  });

  it('keeps a saved choice, and shows widgets the saved choice does not know', () => {
    saveWidgetChoice({ ...allWidgets(), total_blasts: false, tickets_trend: false });
    const raw = JSON.parse(localStorage.getItem(WIDGETS_STORAGE_KEY)!);
    delete raw.total_chats;
    localStorage.setItem(WIDGETS_STORAGE_KEY, JSON.stringify({ ...raw, retired: false }));
    const choice = loadWidgetChoice();
    expect(choice.total_blasts).toBe(false);
    expect(choice.tickets_trend).toBe(false);
    expect(choice.total_chats).toBe(true);
    expect(Object.keys(choice)).not.toContain('retired');
  });

  it('treats a damaged entry as none', () => {
    localStorage.setItem(WIDGETS_STORAGE_KEY, '{not json');
    expect(loadWidgetChoice()).toEqual(allWidgets());
    localStorage.setItem(WIDGETS_STORAGE_KEY, '["total_chats"]');
    expect(loadWidgetChoice()).toEqual(allWidgets());
  });
});
