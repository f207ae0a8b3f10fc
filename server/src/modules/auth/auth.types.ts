import {
  APP_LANGS,
  DEFAULT_LANG,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@rules';
import { Field, InputType, ObjectType } from 'type-graphql';
import { User } from '../users/user.types';
import { RoleEnum } from '../users/role.enums';

@InputType({ description: 'A new account, as the sign-up form fills it.' })
export class SignUpInput {
  @Field(() => String, {
    description: `The e-mail address to sign in with (lower-cased), at most ${EMAIL_MAX} characters.`,
  })
  email!: string;
  @Field(() => String, {
    description: `The password, ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  })
  password!: string;
  @Field(() => String, {
    description: `The name others see, 1 to ${DISPLAY_NAME_MAX} characters.`,
  })
  displayName!: string;
  @Field(() => RoleEnum, { description: 'Person (an individual) or org (an organisation).' })
  role!: string;
  @Field(() => String, {
    nullable: true,
    description: `The language of the account's e-mails: ${APP_LANGS.join(' or ')} (${DEFAULT_LANG} when omitted).`,
  })
  appLang?: string | null;
}

@ObjectType({ description: 'A flow step that succeeded, with the message to show.' })
export class AuthMessage {
  @Field(() => Boolean, { description: 'Always true: a failed step is an error instead.' })
  success!: boolean;
  @Field(() => String, { description: "The message to show, such as 'Please check your email.'." })
  message!: string;
}

@ObjectType({ description: 'A new session and its account.' })
export class SignInResult {
  @Field(() => String, {
    description: 'Session token: also usable as a Bearer token and in websocket connectionParams.',
  })
  token!: string;
  @Field(() => User, { description: 'The account signed in to.' }) user!: User;
  @Field(() => String, {
    nullable: true,
    description:
      "The OpenID provider ('Google') whose account this sign-in linked to the account: the browser held a pending link from signing in with it. Null otherwise.",
  })
  linkedProvider!: string | null;
}
