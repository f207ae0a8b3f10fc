import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OidcNotice } from '@rules';
import { translateServerMessage } from '../../components/notify';
import { CheckInbox } from './CheckInbox';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type AuthView = 'signin' | 'signup' | 'reset' | 'checkInbox';

interface Props {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  onSignedIn: () => Promise<void> | void;
  /** Why a sign-in with the OpenID provider came back to the login page, if it did. */
  oidcNotice?: OidcNotice | null;
}

/** The login box's content (spec: signin-register, reset-password, check-inbox), in a modal or a page. */
export function AuthPanel({ view, onViewChange, onSignedIn, oidcNotice }: Props) {
  const { t } = useTranslation();
  const [inbox, setInbox] = useState({ email: '', message: '' });

  if (view === 'reset') return <ForgotPasswordForm onBack={() => onViewChange('signin')} />;
  if (view === 'checkInbox') {
    return (
      <CheckInbox
        email={inbox.email}
        message={inbox.message}
        onBack={() => onViewChange('signin')}
      />
    );
  }
  return (
    <Tabs
      keepMounted={false}
      value={view}
      onChange={(value) => onViewChange(value === 'signup' ? 'signup' : 'signin')}
    >
      <Tabs.List grow mb="md">
        <Tabs.Tab value="signin">{t('auth:tabs.signIn')}</Tabs.Tab>
        <Tabs.Tab value="signup">{t('auth:tabs.signUp')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="signin">
        <SignInForm
          onSignedIn={onSignedIn}
          onForgotPassword={() => onViewChange('reset')}
          onCreateAccount={() => onViewChange('signup')}
          oidcNotice={oidcNotice}
        />
      </Tabs.Panel>
      <Tabs.Panel value="signup">
        <SignUpForm
          onSignedUp={(email, message) => {
            setInbox({
              email,
              message: message ? translateServerMessage(t, message) : t('common:errors.checkEmail'),
            });
            onViewChange('checkInbox');
          }}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
