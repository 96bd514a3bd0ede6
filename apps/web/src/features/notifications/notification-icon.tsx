import {
  IconBell,
  IconCalendarTime,
  IconInfoCircle,
  IconMessageCircle,
  IconReceipt,
  IconSpeakerphone,
  IconTicket,
} from '@tabler/icons-react';

/** The panel's icon is chosen by a keyword in the title (client-area §2), checked in this order. */
const BY_KEYWORD = [
  ['information', IconInfoCircle, 'blue'],
  ['transaction', IconReceipt, 'green'],
  ['ticket', IconTicket, 'orange'],
  ['schedule', IconCalendarTime, 'violet'],
  ['blast', IconSpeakerphone, 'pink'],
  ['chat', IconMessageCircle, 'teal'],
] as const;

export function notificationIcon(title: string) {
  const lower = title.toLowerCase();
  const found = BY_KEYWORD.find(([keyword]) => lower.includes(keyword));
  return found
    ? { keyword: found[0], Icon: found[1], color: found[2] }
    : { keyword: 'other', Icon: IconBell, color: 'gray' };
}
