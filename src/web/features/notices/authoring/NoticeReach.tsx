/**
 * Whom a notice reaches and when, as the notice form and the edit form of a published notice
 * both ask it: the audience (all customers or one, then its customer number) and the period.
 * It renders the values and handlers it is given; the machines decide.
 */
import { Group, Radio, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { NOTICE_MESSAGES } from '#shared/people/messages';

export function NoticeReach({
  audience,
  onAudience,
  disabled,
  cid,
  starts,
  ends,
}: {
  audience: string;
  onAudience: (value: string) => void;
  disabled?: boolean;
  cid: TextInputProps;
  starts: TextInputProps;
  ends: TextInputProps;
}) {
  return (
    <>
      <Radio.Group label="Audience" value={audience} onChange={onAudience}>
        <Group gap="md" mt={4}>
          <Radio value="all" label={NOTICE_MESSAGES.allCustomers} disabled={disabled} />
          <Radio value="one" label={NOTICE_MESSAGES.oneCustomer} disabled={disabled} />
        </Group>
      </Radio.Group>
      {audience === 'one' && <TextInput label="Customer number" inputMode="numeric" {...cid} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Starts" type="datetime-local" required {...starts} />
        <TextInput label="Ends" type="datetime-local" required {...ends} />
      </SimpleGrid>
    </>
  );
}
