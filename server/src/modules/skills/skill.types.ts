import { SKILL_LISTS } from '@rules';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AuthorType } from '../users/user.types';
import { MediaInput, MediaItem } from '../media/media.types';

export enum SkillListKind {
  public = 'public',
  myskills = 'myskills',
}
registerEnumType(SkillListKind, {
  name: 'SkillListKind',
  description: `Which skills: ${SKILL_LISTS.join(', ')}. myskills are those the viewer is a member of.`,
});

@ObjectType()
export class SkillCounters {
  @Field(() => Int) totalParticipants!: number;
  @Field(() => Int) totalComments!: number;
}

@ObjectType({
  description: 'A skill people have; its members are the people who joined it.',
})
export class Skill {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'The title' }) name!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  description!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => ID) spaceId!: string;
  @Field(() => Boolean) isAnonymousPost!: boolean;
  @Field(() => Boolean, {
    description: 'False while an anonymous post waits for approval.',
  })
  isApproved!: boolean;
  @Field(() => Boolean, {
    description: 'Hidden by a moderator: only its author (and moderators) still see it.',
  })
  isHidden!: boolean;
  @Field(() => [MediaItem], { description: 'Attachments in the order shown.' })
  files!: MediaItem[];
  @Field(() => Date) createdAt!: Date;
}

@ObjectType()
export class SkillPage {
  @Field(() => [Skill]) items!: Skill[];
  @Field(() => String, { nullable: true }) last!: string | null;
}

@ObjectType()
export class SkillMember {
  @Field(() => AuthorType) user!: AuthorType;
  @Field(() => Date) joinedAt!: Date;
}

@ObjectType()
export class SkillMemberPage {
  @Field(() => [SkillMember]) items!: SkillMember[];
  @Field(() => String, { nullable: true }) last!: string | null;
}

@InputType()
export class CreateSkillInput {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
  @Field(() => [MediaInput], {
    nullable: true,
    description:
      'Attachments in the order shown (at most 5); omitted: none on create, unchanged on edit.',
  })
  files?: MediaInput[] | null;
}

@InputType()
export class UpdateSkillInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => [MediaInput], {
    nullable: true,
    description:
      'Attachments in the order shown (at most 5); omitted: none on create, unchanged on edit.',
  })
  files?: MediaInput[] | null;
}
