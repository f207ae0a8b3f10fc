import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '@rules';
import type { Mail } from '../../mail/mailer';
import { mailTranslator } from '../../mail/mail-text';

/** Who an auth e-mail goes to, and the language (their `appLang`) it is written in. */
export interface MailRecipient {
  email: string;
  appLang: string;
}

/** The two e-mails of the auth flows. Links open the client's /auth/auth-action page. */
export const authLinks = (publicUrl: string) => {
  const link = (mode: string, token: string) =>
    `${publicUrl}/auth/auth-action?mode=${mode}&token=${encodeURIComponent(token)}`;
  return {
    verify: (to: MailRecipient, token: string): Mail => {
      const t = mailTranslator(to.appLang);
      const url = link('verifyEmail', token);
      return {
        to: to.email,
        subject: t('verify.subject'),
        text: t('verify.text', { link: url, count: VERIFY_TOKEN_HOURS }),
        link: url,
      };
    },
    /**
     * Goes to the new address of an e-mail change. The link opens the same page as a sign-up's
     * verification, whose verifyEmail applies either kind of link.
     */
    changeEmail: (to: MailRecipient, token: string): Mail => {
      const t = mailTranslator(to.appLang);
      const url = link('verifyEmail', token);
      return {
        to: to.email,
        subject: t('changeEmail.subject'),
        text: t('changeEmail.text', { link: url, count: VERIFY_TOKEN_HOURS }),
        link: url,
      };
    },
    reset: (to: MailRecipient, token: string): Mail => {
      const t = mailTranslator(to.appLang);
      const url = link('resetPassword', token);
      return {
        to: to.email,
        subject: t('reset.subject'),
        text: t('reset.text', { link: url, count: RESET_TOKEN_HOURS }),
        link: url,
      };
    },
  };
};
