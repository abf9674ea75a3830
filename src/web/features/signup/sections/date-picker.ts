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
