import { Field, InputType, ObjectType } from 'type-graphql';
import { User } from '../users/user.types';

@InputType()
export class SignUpInput {
  @Field(() => String) email!: string;
  @Field(() => String) password!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String, { description: 'person or org' }) role!: string;
  @Field(() => String, {
    nullable: true,
    description: 'en or te (default en): the language of the e-mails the account is sent.',
  })
  appLang?: string | null;
}

@ObjectType({ description: 'A flow step that succeeded, with the message to show.' })
export class AuthMessage {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String) message!: string;
}

@ObjectType()
export class SignInResult {
  @Field(() => String, {
    description: 'Session token: also usable as a Bearer token and in websocket connectionParams.',
  })
  token!: string;
  @Field(() => User) user!: User;
  @Field(() => String, {
    nullable: true,
    description:
      "The OpenID provider ('Google') whose account this sign-in linked to the account: the browser held a pending link from signing in with it. Null otherwise.",
  })
  linkedProvider!: string | null;
}
