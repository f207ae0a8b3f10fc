import { APP_LANGS, BIO_MAX, DISPLAY_NAME_MAX } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { AuthorRoleEnum, RoleEnum } from './role.enums';

@ObjectType('Author', {
  description: 'Who a post shows as its author; Anonymous posts show an empty id.',
})
export class AuthorType {
  @Field(() => ID, { description: "The person's id; empty for Anonymous." }) id!: string;
  @Field(() => String, { description: "The name shown; 'Anonymous' for anonymous posts." })
  displayName!: string;
  @Field(() => String, { description: "Their picture's URL; empty when there is none." })
  photoURL!: string;
  @Field(() => AuthorRoleEnum, {
    description: "The author's role: person, org, or user (the generic role, as for Anonymous).",
  })
  role!: string;
}

@ObjectType({
  description: "The viewer's active space: lists and new posts without a spaceId use it.",
})
export class DefaultSpace {
  @Field(() => ID, { description: "The space's id." }) spaceId!: string;
  @Field(() => String, { description: "The space's name." }) spaceName!: string;
}

@ObjectType({ description: 'The signed-in user, as only they see themselves.' })
export class User {
  @Field(() => ID, { description: "The user's id." }) id!: string;
  @Field(() => String, { description: 'Their e-mail address (lower-cased); only they see it.' })
  email!: string;
  @Field(() => String, {
    description: `The name others see, 1 to ${DISPLAY_NAME_MAX} characters.`,
  })
  displayName!: string;
  @Field(() => String, { nullable: true, description: "Their picture's URL; null when none." })
  photoURL!: string | null;
  @Field(() => String, {
    nullable: true,
    description: `About them, at most ${BIO_MAX} characters; null when none.`,
  })
  bio!: string | null;
  @Field(() => RoleEnum, {
    description: 'The role chosen at sign-up: person (an individual) or org (an organisation).',
  })
  role!: string;
  @Field(() => String, {
    description: `The interface language (${APP_LANGS.join(' or ')}); their e-mails are written in it.`,
  })
  appLang!: string;
  @Field(() => Boolean, {
    description:
      'Whether the e-mail address is verified; other sign-in providers count as verified.',
  })
  emailVerified!: boolean;
  @Field(() => DefaultSpace, { description: 'The space they work in now (the active space).' })
  defaultSpace!: DefaultSpace;
  @Field(() => Boolean, { description: 'Whether the daily e-mail digest is on.' })
  digestEmails!: boolean;
  @Field(() => Boolean, {
    description:
      'Whether others see the user offline with no last seen in chat (they still see others).',
  })
  hidePresence!: boolean;
  @Field(() => [String], {
    description: "Route paths whose explainer card the user hid ('don't show again').",
  })
  hiddenExplainers!: string[];
  @Field(() => Boolean, { description: 'Whether they moderate reports and posts site-wide.' })
  isModerator!: boolean;
  @Field(() => Boolean, { description: 'Whether they are a site admin (the admin pages).' })
  isAdmin!: boolean;
  @Field(() => Date, { nullable: true, description: 'Writes are refused until then.' })
  suspendedUntil!: Date | null;
  @Field(() => Date, {
    nullable: true,
    description:
      'When the user last went through their notifications (marked them all read or cleared them); null before the first time. Notifications updated since are new to them.',
  })
  lastScannedWhen!: Date | null;
}

@InputType({ description: 'Profile changes; a field left out keeps its value.' })
export class UpdateProfileInput {
  @Field(() => String, {
    nullable: true,
    description: `The name others see, 1 to ${DISPLAY_NAME_MAX} characters after trimming.`,
  })
  displayName?: string;
  @Field(() => String, {
    nullable: true,
    description: "A web address (http or https) of the user's picture; null removes it.",
  })
  photoURL?: string | null;
  @Field(() => String, {
    nullable: true,
    description: `About the user, at most ${BIO_MAX} characters; null clears it.`,
  })
  bio?: string | null;
}
