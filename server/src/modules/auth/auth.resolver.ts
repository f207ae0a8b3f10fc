import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  RATE_LIMITS,
  RESET_TOKEN_HOURS,
  VERIFY_TOKEN_HOURS,
} from '@rules';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { presentMe } from '../users/user.presenter';
import * as auth from './auth.service';
import { AuthMessage, SignInResult, SignUpInput } from './auth.types';
import { TokenAccess } from '../../graphql/token-scopes';

const done = (message: string): AuthMessage => ({ success: true, message });

const EMAIL_ARG = { description: 'The account’s e-mail address (any case).' };
const MAILS_PER_WINDOW = `at most ${RATE_LIMITS.emailSend.max} mails per address every ${RATE_LIMITS.emailSend.windowSeconds / 60} minutes`;

// Signing in, up and out and resetting a password belong to the site's own pages, not to tokens.
@TokenAccess({ read: 'read', write: 'session' })
@Resolver()
export class AuthResolver {
  @Mutation(() => AuthMessage, {
    description: `Creates an unverified account and mails a verification link (valid ${VERIFY_TOKEN_HOURS} h); CONFLICT when the e-mail is taken.`,
  })
  async signUp(
    @Arg('input', () => SignUpInput, { description: 'The new account.' }) input: SignUpInput,
    @Ctx() ctx: Context,
  ) {
    return done((await auth.signUp(ctx, input)).message);
  }

  @Mutation(() => SignInResult, {
    description: `Signs in with e-mail and password; an unverified account is refused. ${RATE_LIMITS.signInFailures.max} failures in ${RATE_LIMITS.signInFailures.windowSeconds / 60} minutes from one address refuse further tries for a while.`,
  })
  async signIn(
    @Arg('email', () => String, EMAIL_ARG) email: string,
    @Arg('password', () => String, { description: 'The account’s password.' }) password: string,
    @Ctx() ctx: Context,
  ): Promise<SignInResult> {
    const { token, user, linkedProvider } = await auth.signIn(ctx, { email, password });
    return { token, user: presentMe(user), linkedProvider };
  }

  @Mutation(() => Boolean, {
    description: 'Ends the current session and clears its cookie; true even when signed out.',
  })
  async signOut(@Ctx() ctx: Context) {
    await auth.signOut(ctx);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "Follows an e-mail's verification link: verifies a new account, or makes a requested address the account's.",
  })
  async verifyEmail(
    @Arg('token', () => String, { description: "The token from the e-mail's link." })
    token: string,
    @Ctx() ctx: Context,
  ) {
    await auth.verifyEmail(ctx, token);
    return true;
  }

  @Mutation(() => AuthMessage, {
    description: `Mails a new verification link to an unverified account; answers the same for any address (${MAILS_PER_WINDOW}).`,
  })
  async resendVerification(
    @Arg('email', () => String, EMAIL_ARG) email: string,
    @Ctx() ctx: Context,
  ) {
    return done((await auth.resendVerification(ctx, email)).message);
  }

  @Mutation(() => AuthMessage, {
    description: `Mails a password-reset link (valid ${RESET_TOKEN_HOURS} h); answers the same for any address (${MAILS_PER_WINDOW}).`,
  })
  async requestPasswordReset(
    @Arg('email', () => String, EMAIL_ARG) email: string,
    @Ctx() ctx: Context,
  ) {
    return done((await auth.requestPasswordReset(ctx, email)).message);
  }

  @Query(() => Boolean, {
    description:
      'Whether a password-reset link still works (false for an unknown, used or expired one). Uses nothing up.',
  })
  async resetTokenValid(
    @Arg('token', () => String, { description: "The token from the reset e-mail's link." })
    token: string,
    @Ctx() ctx: Context,
  ) {
    return auth.isResetTokenValid(ctx, token);
  }

  @Mutation(() => Boolean, {
    description:
      'Sets a new password with a reset link (once); it also verifies the e-mail and ends every session.',
  })
  async resetPassword(
    @Arg('token', () => String, { description: "The token from the reset e-mail's link." })
    token: string,
    @Arg('password', () => String, {
      description: `The new password, ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
    })
    password: string,
    @Ctx() ctx: Context,
  ) {
    await auth.resetPassword(ctx, token, password);
    return true;
  }
}
