import { stripScripts } from '@app/contract/blasts';

/** The message as it is sent: script elements removed, then trimmed (the server does the same). */
export const cleanMessage = (message: string) => stripScripts(message).trim();

/** Script elements typed or pasted into a blast message go after this long without typing (client-area §5). */
export const STRIP_SCRIPTS_IDLE_MS = 1000;
