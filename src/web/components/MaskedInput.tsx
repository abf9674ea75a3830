/**
 * A text input with a fixed mask (react-imask inside Mantine's input), e.g. a phone
 * `(000) 000-0000` or a date `00/00/0000`. The value in and out is the masked text as shown.
 */
import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

export interface MaskedInputProps extends Omit<InputBaseProps, 'onChange'> {
  mask: string;
  value: string;
  /** Every accepted edit, with the masked text. */
  onAccept: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  type?: 'tel' | 'text';
}

export function MaskedInput({ mask, value, onAccept, onBlur, ...props }: MaskedInputProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={mask}
      value={value}
      // react-imask calls this for every accepted keystroke and paste.
      onAccept={(accepted: string) => {
        if (accepted !== value) onAccept(accepted);
      }}
      onBlur={onBlur}
    />
  );
}
