/** The running wizard, shared by the signup page's sections. */
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SalesContacts } from '#shared/messages/contacts';
import type { SignupActor } from '#machines/signup/signup.machine';
import { selectActors, type SignupActors } from '#machines/signup/signup.selectors';
import { useAppServices } from '../../app/context.tsx';

export const WizardContext = createContext<SignupActor | null>(null);

export function useWizard(): SignupActor {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('useWizard must be used inside the signup page');
  return wizard;
}

/** The section actors (they restart with each new address). */
export function useSectionActors(): SignupActors {
  const wizard = useWizard();
  return useSelector(wizard, selectActors, (a, b) =>
    (Object.keys(a) as (keyof SignupActors)[]).every((key) => a[key] === b[key]),
  );
}

export function useSalesContacts(): SalesContacts {
  const { config } = useAppServices();
  return { phone: config.salesPhone, email: config.salesEmail, chatUrl: config.chatUrl };
}
