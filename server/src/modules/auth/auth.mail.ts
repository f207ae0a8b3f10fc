import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from '@rules';
import type { Mail } from '../../mail/mailer';
import { mailTranslator } from '../../mail/mail-text';

/** Who an auth e-mail goes to, and the language (their `appLang`) it is written in. */
export interface MailRecipient {
  email: string;
  appLang: string;
}

/** The e-mails of the auth flows. Links open the client's /auth/auth-action page. */
export const authLinks = (publicUrl: string) => {
  /** An e-mail whose text (`<key>.subject`, `<key>.text`) carries a link valid `hours` hours. */
  const mail =
    (key: 'verify' | 'changeEmail' | 'reset', mode: string, hours: number) =>
    (to: MailRecipient, token: string): Mail => {
      const t = mailTranslator(to.appLang);
      const url = `${publicUrl}/auth/auth-action?mode=${mode}&token=${encodeURIComponent(token)}`;
      return {
        to: to.email,
        subject: t(`${key}.subject`),
        text: t(`${key}.text`, { link: url, count: hours }),
        link: url,
      };
    };
  return {
    verify: mail('verify', 'verifyEmail', VERIFY_TOKEN_HOURS),
    // Goes to the new address of an e-mail change: the link opens the same page as a sign-up's
    // verification, whose verifyEmail applies either kind of link.
    changeEmail: mail('changeEmail', 'verifyEmail', VERIFY_TOKEN_HOURS),
    reset: mail('reset', 'resetPassword', RESET_TOKEN_HOURS),
  };
};
