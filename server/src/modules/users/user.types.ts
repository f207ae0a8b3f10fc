import { Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType('Author', {
  description: 'Who a post shows as its author; Anonymous posts show an empty id.',
})
export class AuthorType {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String) photoURL!: string;
  @Field(() => String, { description: 'person, org, or user (generic, e.g. Anonymous)' })
  role!: string;
}

@ObjectType()
export class DefaultSpace {
  @Field(() => ID) spaceId!: string;
  @Field(() => String) spaceName!: string;
}

@ObjectType({ description: 'The signed-in user, as only they see themselves.' })
export class User {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String, { nullable: true }) photoURL!: string | null;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => String) role!: string;
  @Field(() => String) appLang!: string;
  @Field(() => Boolean) emailVerified!: boolean;
  @Field(() => DefaultSpace) defaultSpace!: DefaultSpace;
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
  @Field(() => Boolean) isModerator!: boolean;
  @Field(() => Boolean) isAdmin!: boolean;
  @Field(() => Date, { nullable: true, description: 'Writes are refused until then.' })
  suspendedUntil!: Date | null;
  @Field(() => Date, {
    nullable: true,
    description:
      'When the user last went through their notifications (marked them all read or cleared them); null before the first time. Notifications updated since are new to them.',
  })
  lastScannedWhen!: Date | null;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) photoURL?: string | null;
  @Field(() => String, { nullable: true }) bio?: string | null;
}
