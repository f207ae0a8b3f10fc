import { APP_LANGS, EMAIL_MAX } from '@rules';
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { requestEmailChange } from '../auth/auth.service';
import { AuthMessage } from '../auth/auth.types';
import { deleteAccount } from './account-deletion.service';
import { presentMe } from './user.presenter';
import { getMe, setPresenceHidden, updateLanguage, updateProfile } from './user.service';
import { UpdateProfileInput, User } from './user.types';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, {
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
  })
  async me(@Ctx() ctx: Context): Promise<User | null> {
    return ctx.viewer ? presentMe(await getMe(ctx)) : null;
  }

  @Authorized()
  @Mutation(() => User, { description: "Changes the viewer's display name, picture or bio." })
  async updateProfile(
    @Arg('input', () => UpdateProfileInput, { description: 'The changes.' })
    input: UpdateProfileInput,
    @Ctx() ctx: Context,
  ) {
    return presentMe(await updateProfile(ctx, input));
  }

  @Authorized()
  @Mutation(() => User, { description: 'Saves the interface language (appLang).' })
  async updateLanguage(
    @Arg('appLang', () => String, { description: `The language: ${APP_LANGS.join(' or ')}.` })
    appLang: string,
    @Ctx() ctx: Context,
  ) {
    return presentMe(await updateLanguage(ctx, appLang));
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      'Hides the viewer’s chat presence from everyone else (offline, no last seen), or shows it again to the people they share a conversation or private space with.',
  })
  async setPresenceHidden(
    @Arg('hidden', () => Boolean, { description: 'True hides the presence; false shows it again.' })
    hidden: boolean,
    @Ctx() ctx: Context,
  ) {
    return presentMe(await setPresenceHidden(ctx, hidden));
  }

  @Authorized()
  @Mutation(() => AuthMessage, {
    description:
      'Mails a link to the new address; the account changes to it only when the link is followed (verifyEmail). Until then the old address stays.',
  })
  async requestEmailChange(
    @Arg('email', () => String, {
      description: `The new address, at most ${EMAIL_MAX} characters.`,
    })
    email: string,
    @Ctx() ctx: Context,
  ) {
    const { message } = await requestEmailChange(ctx, email);
    return { success: true, message };
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes the account with its sessions and posts.' })
  async deleteAccount(@Ctx() ctx: Context) {
    await deleteAccount(ctx);
    return true;
  }
}
