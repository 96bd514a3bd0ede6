import { Button, Group, type GroupProps, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** What a search box needs: the text as typed, its change, and (for search on Enter) its submission. */
export interface SearchFieldState {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
}

type SearchFieldProps = SearchFieldState &
  Omit<TextInputProps, 'value' | 'onChange' | 'onSubmit' | 'label' | 'placeholder' | 'leftSection'> & {
    /** Both the placeholder and the accessible name. */
    label: string;
  };

/** A list's search box: the magnifier, the label as placeholder and name, Enter submits when asked to. */
export function SearchField({ label, value, onChange, onSubmit, ...props }: SearchFieldProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={
        onSubmit &&
        ((event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSubmit(event.currentTarget.value);
        })
      }
      {...props}
    />
  );
}

/**
 * The search box of a toolbar, followed by the toolbar's buttons and last its '+' button (`add`);
 * the box grows, the buttons wrap below it on phones.
 */
export function SearchToolbar({
  label,
  search,
  add,
  children,
  ...group
}: {
  label: string;
  search: SearchFieldState;
  add?: { label: string; onClick: () => void };
  children?: ReactNode;
} & Pick<GroupProps, 'mb' | 'align'>) {
  return (
    <Group mb="md" gap="sm" wrap="wrap" {...group}>
      <SearchField label={label} {...search} style={{ flex: '1 1 220px' }} maw={420} />
      {children}
      {add && (
        <Button leftSection={<IconPlus size={16} />} onClick={add.onClick}>
          {add.label}
        </Button>
      )}
    </Group>
  );
}

/**
 * Search applied `delayMs` after typing stops: `term` is the trimmed text then. `onType` runs on
 * every change (a paged list goes back to page 1).
 */
export function useDebouncedSearch(delayMs: number, onType?: () => void) {
  const [draft, setDraft] = useState('');
  const [term] = useDebouncedValue(draft.trim(), delayMs);
  const field: SearchFieldState = {
    value: draft,
    onChange: (value) => {
      setDraft(value);
      onType?.();
    },
  };
  return { term, field };
}

/** Search applied on Enter: `term` is the trimmed text then, and `onApply` runs (back to page 1). */
export function useSubmittedSearch(onApply?: () => void) {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const field: SearchFieldState = {
    value: draft,
    onChange: setDraft,
    onSubmit: () => {
      setTerm(draft.trim());
      onApply?.();
    },
  };
  return { term, field };
}
