import { useId } from 'react';

/** Names for the date pickers' controls (screen readers, tests). */
export const DATE_PICKER_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
} as const;

/**
 * The field's and its calendar's ids. Mantine names the calendar (a dialog) after its popover's
 * target id, but the field keeps its own input id, so the calendar would have no name. One id for
 * both names the calendar after the field, for screen readers.
 */
export function usePickerIds() {
  const id = useId();
  return { id, popoverProps: { withinPortal: true, id } };
}
