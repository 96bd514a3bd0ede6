import { stripScripts } from '@app/contract/blasts';
import { Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { STRIP_SCRIPTS_IDLE_MS } from './message.ts';
import './outbound.i18n.ts';

type MessageFieldProps = Omit<TextareaProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** The most characters it takes: the counter 'n/max characters' turns red past it. */
  max: number;
  /** Script elements typed or pasted in go after STRIP_SCRIPTS_IDLE_MS without typing (client-area §5). */
  stripScriptsWhenIdle?: boolean;
};

/** The text every recipient gets (a blast's message, a schedule's description) with its counter. */
export function MessageField({
  value = '',
  onChange,
  max,
  stripScriptsWhenIdle = false,
  ...textarea
}: MessageFieldProps) {
  const { t } = useTranslation();
  const stripLater = useDebouncedCallback((message: string) => {
    const stripped = stripScripts(message);
    if (stripped !== message) onChange?.(stripped);
  }, STRIP_SCRIPTS_IDLE_MS);
  return (
    <Stack gap={2}>
      <Textarea
        autosize
        {...textarea}
        value={value}
        onChange={(event) => {
          onChange?.(event.currentTarget.value);
          if (stripScriptsWhenIdle) stripLater(event.currentTarget.value);
        }}
      />
      <Text
        size="xs"
        ta="right"
        c={value.length > max ? 'red' : 'dimmed'}
        data-testid="message-counter"
        aria-live="polite"
      >
        {t('outbound.counter', { length: value.length, max })}
      </Text>
    </Stack>
  );
}
