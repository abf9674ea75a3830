/**
 * Account setup (signup.md §2 item 8): the account holder, filled in from the customer details,
 * then the username and password once the holder is valid. A password generator is offered as a
 * helper (its modal loads on first use).
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { loadPasswordChecker } from '#shared/password';
import type { AccountActor } from '#machines/signup/account.machine';
import {
  selectAccountActors,
  selectCredentialsShown,
  type AccountActors,
} from '#machines/signup/account.selectors';
import { PasswordFields } from '../../../components/PasswordFields.tsx';
import { PersonFields } from './fields.tsx';
import { SignupSection } from './SignupSection.tsx';
import { UsernameField } from './UsernameField.tsx';
import { withLaterStyles } from '../../../app/later-styles.ts';

const PasswordGeneratorModal = lazy(withLaterStyles(() => import('./PasswordGeneratorModal.tsx')));

const sameActors = (a: AccountActors, b: AccountActors) =>
  a.holder === b.holder && a.username === b.username && a.password === b.password;

export default function AccountSection({ account }: { account: AccountActor }) {
  const { holder, username, password } = useSelector(account, selectAccountActors, sameActors);
  const credentials = useSelector(account, selectCredentialsShown);
  const [generator, setGenerator] = useState(false);
  return (
    <SignupSection
      title="Account setup"
      intro="The account holder, filled in from your details above; change anything that differs."
      testId="signup-account"
    >
      {holder && <PersonFields form={holder} />}
      {credentials && username && password && (
        <Stack gap="sm" data-testid="signup-credentials">
          <Title order={3} size="h4">
            Sign-in details
          </Title>
          <UsernameField username={username} />
          {/* The strength check's dictionaries start loading when the password box is entered. */}
          <div onFocusCapture={() => void loadPasswordChecker().catch(() => undefined)}>
            <PasswordFields actor={password} withCurrent={false} newLabel="Password" />
          </div>
          <div>
            <Text size="sm">Need a strong password you can remember?</Text>
            <Button variant="light" size="xs" mt={4} onClick={() => setGenerator(true)}>
              Suggest a password
            </Button>
          </div>
          {generator && (
            <Suspense fallback={null}>
              <PasswordGeneratorModal
                onClose={() => setGenerator(false)}
                onUse={(generated) => {
                  password.send({ type: 'suggestion.used', password: generated });
                  setGenerator(false);
                }}
              />
            </Suspense>
          )}
        </Stack>
      )}
    </SignupSection>
  );
}
