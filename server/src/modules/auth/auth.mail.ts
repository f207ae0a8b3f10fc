import type { Mail } from '../../mail/mailer';

/** The two e-mails of the auth flows. Links open the client's /auth/auth-action page. */
export const authLinks = (publicUrl: string) => {
  const link = (mode: string, token: string) =>
    `${publicUrl}/auth/auth-action?mode=${mode}&token=${encodeURIComponent(token)}`;
  return {
    verify: (to: string, token: string): Mail => {
      const url = link('verifyEmail', token);
      return {
        to,
        subject: 'Verify your e-mail',
        text: `Welcome! Follow this link to verify your e-mail address:\n\n${url}\n\nIf you did not sign up, ignore this e-mail.`,
        link: url,
      };
    },
    reset: (to: string, token: string): Mail => {
      const url = link('resetPassword', token);
      return {
        to,
        subject: 'Reset your password',
        text: `Follow this link to choose a new password. It works once and expires in an hour:\n\n${url}\n\nIf you did not ask for this, ignore this e-mail.`,
        link: url,
      };
    },
  };
};
