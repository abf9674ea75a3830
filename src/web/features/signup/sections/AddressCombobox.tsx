/**
 * An accessible address box with a suggestion list (WAI-ARIA combobox pattern, list
 * autocomplete): Down and Up move through the suggestions, Enter chooses, Escape closes, and a
 * live region tells screen readers how many suggestions there are. It holds no state of its own:
 * the owner says what is open and which suggestion is active, and hears about every key.
 */
import { Box, Loader, Paper, TextInput } from '@mantine/core';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { LiveStatus } from '../../../components/VisuallyHiddenStatus.tsx';

export interface ComboboxOption {
  id: number | string;
  label: string;
}

export interface AddressComboboxProps {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  value: string;
  options: readonly ComboboxOption[];
  open: boolean;
  activeIndex: number;
  loading?: boolean;
  error?: ReactNode;
  /** What the live region says (the number of suggestions). */
  announcement: string;
  onInput(value: string): void;
  onFocus(): void;
  onBlur(): void;
  onNext(): void;
  onPrevious(): void;
  /** Enter on the active option. */
  onPick(): void;
  onDismiss(): void;
  onChoose(id: ComboboxOption['id']): void;
}

export function AddressCombobox(props: AddressComboboxProps) {
  const { open, options, activeIndex } = props;
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const expanded = open && options.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        props.onNext();
        break;
      case 'ArrowUp':
        event.preventDefault();
        props.onPrevious();
        break;
      case 'Enter':
        if (expanded && activeIndex >= 0) {
          event.preventDefault();
          props.onPick();
        }
        break;
      case 'Escape':
        // The owner hears it even with nothing listed yet: suggestions that arrive later stay
        // closed. Only a list that shows keeps the key from the page (a modal around the box).
        if (expanded) event.preventDefault();
        props.onDismiss();
        break;
    }
  };

  return (
    <Box pos="relative">
      <TextInput
        label={props.label}
        description={props.description}
        placeholder={props.placeholder}
        value={props.value}
        error={props.error}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-busy={props.loading ?? false}
        rightSection={props.loading ? <Loader size="xs" aria-hidden /> : null}
        onChange={(event) => props.onInput(event.currentTarget.value)}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        onKeyDown={onKeyDown}
        size="md"
      />
      <Paper
        component="ul"
        id={listId}
        role="listbox"
        aria-label={`${props.label} suggestions`}
        hidden={!expanded}
        display={expanded ? 'block' : 'none'}
        shadow="md"
        withBorder
        pos="absolute"
        left={0}
        right={0}
        mt={4}
        p={4}
        m={0}
        style={{ zIndex: 20, listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}
      >
        {expanded &&
          options.map((option, index) => (
            <Box
              component="li"
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              px="sm"
              py={8}
              bg={index === activeIndex ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 4, cursor: 'pointer' }}
              // The input keeps the keyboard; a click chooses (the dropdown waits for it).
              onClick={() => props.onChoose(option.id)}
            >
              {option.label}
            </Box>
          ))}
      </Paper>
      <LiveStatus>{props.announcement}</LiveStatus>
    </Box>
  );
}
