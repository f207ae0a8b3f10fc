import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { presentMe } from '../users/user.presenter';
import * as auth from './auth.service';
import { AuthMessage, SignInResult, SignUpInput } from './auth.types';
import { TokenAccess } from '../../graphql/token-scopes';

const done = (message: string): AuthMessage => ({ success: true, message });

// Signing in, up and out and resetting a password belong to the site's own pages, not to tokens.
@TokenAccess({ read: 'read', write: 'session' })
@Resolver()
export class AuthResolver {
  @Mutation(() => AuthMessage)
  async signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context) {
    return done((await auth.signUp(ctx, input)).message);
  }

  @Mutation(() => SignInResult)
  async signIn(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ): Promise<SignInResult> {
    const { token, user, linkedProvider } = await auth.signIn(ctx, { email, password });
    return { token, user: presentMe(user), linkedProvider };
  }

  @Mutation(() => Boolean)
  async signOut(@Ctx() ctx: Context) {
    await auth.signOut(ctx);
    return true;
  }

  @Mutation(() => Boolean)
  async verifyEmail(@Arg('token', () => String) token: string, @Ctx() ctx: Context) {
    await auth.verifyEmail(ctx, token);
    return true;
  }

  @Mutation(() => AuthMessage)
  async resendVerification(@Arg('email', () => String) email: string, @Ctx() ctx: Context) {
    return done((await auth.resendVerification(ctx, email)).message);
  }

  @Mutation(() => AuthMessage)
  async requestPasswordReset(@Arg('email', () => String) email: string, @Ctx() ctx: Context) {
    return done((await auth.requestPasswordReset(ctx, email)).message);
  }

  @Query(() => Boolean, {
    description:
      'Whether a password-reset link still works (false for an unknown, used or expired one). Uses nothing up.',
  })
  async resetTokenValid(@Arg('token', () => String) token: string, @Ctx() ctx: Context) {
    return auth.isResetTokenValid(ctx, token);
  }

  @Mutation(() => Boolean)
  async resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ) {
    await auth.resetPassword(ctx, token, password);
    return true;
  }
}
