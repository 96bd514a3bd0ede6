import { describe, expect, it } from 'vitest';
import { notificationIcon } from './notification-icon.tsx';

describe('notificationIcon', () => {
  it('chooses the icon by a keyword in the title, any case', () => {
    expect(notificationIcon('System Information').keyword).toBe('information');
    expect(notificationIcon('Transaction paid').keyword).toBe('transaction');
    expect(notificationIcon('New TICKET assigned').keyword).toBe('ticket');
    expect(notificationIcon('Schedule finished').keyword).toBe('schedule');
    expect(notificationIcon('Blast completed').keyword).toBe('blast');
    expect(notificationIcon('New chat message').keyword).toBe('chat');
  });

  it('falls back to a bell', () => {
    expect(notificationIcon('New user added').keyword).toBe('other');
  });
});
