import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'One of the signed-in person’s own sessions: a browser or app that signed in and has not signed out.',
})
export class MySession {
  @Field(() => ID, {
    description: 'Opaque: the stored hash of the session’s token (never the token itself).',
  })
  id!: string;

  @Field(() => String, {
    description:
      'A short name read from the User-Agent, in English: "Chrome on Linux", "Firefox", "Android", or "Unknown device".',
  })
  device!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The browser family read from the User-Agent (Chrome, Firefox, Safari, Edge…).',
  })
  browser!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The operating system read from the User-Agent (Windows, macOS, Linux, Android, iOS…).',
  })
  os!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The client address the server saw last with this session (no location lookup); null for sessions from before it was kept.',
  })
  address!: string | null;

  @Field(() => Date, {
    description:
      'When the session was last used; kept every few minutes, so up to five minutes behind (now for the current session).',
  })
  lastSeenAt!: Date;

  @Field(() => Date, { description: 'When the session signed in.' })
  createdAt!: Date;

  @Field(() => Boolean, { description: 'Whether this is the session the request came with.' })
  current!: boolean;
}
