import {
  POST_DESCRIPTION_MAX,
  POST_DESCRIPTION_MIN,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  SKILL_LISTS,
} from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { Post, PostInput } from '../posts/post.types';

export const SkillListKind = enumOf('SkillListKind', SKILL_LISTS, 'Which skills a list shows.', {
  public: "The space's skills (the active space when none is named).",
  myskills: 'The skills the viewer is a member of, in every space; needs sign-in.',
});
export type SkillListKind = ValueOf<typeof SkillListKind>;

@ObjectType({ description: "A skill's counts." })
export class SkillCounters {
  @Field(() => Int, { description: 'Members: the people who joined it.' })
  totalParticipants!: number;
  @Field(() => Int, { description: 'Comments and replies.' }) totalComments!: number;
}

@ObjectType({
  description: 'A skill people have; its members are the people who joined it.',
  implements: Post,
})
export class Skill extends Post {
  @Field(() => String, { description: 'Its title.' }) name!: string;
  @Field(() => String, { description: 'Its description: rich text as sanitised HTML.' })
  description!: string;
}

export const SkillPage = pageOf(Skill);

@ObjectType({ description: 'A person who joined a skill.' })
export class SkillMember {
  @Field(() => AuthorType, { description: 'The member.' }) user!: AuthorType;
  @Field(() => Date, { description: 'When they joined.' }) joinedAt!: Date;
}

export const SkillMemberPage = pageOf(SkillMember);
export type SkillMemberPage = InstanceType<typeof SkillMemberPage>;

@InputType({ description: 'A new skill.' })
export class CreateSkillInput extends PostInput {
  @Field(() => String, {
    description: `Its title, ${POST_TITLE_MIN} to ${POST_TITLE_MAX} characters; #hashtags in it become tags.`,
  })
  name!: string;
  @Field(() => String, {
    description: `Rich text (HTML, sanitised) of ${POST_DESCRIPTION_MIN} to ${POST_DESCRIPTION_MAX} characters; #hashtags become tags.`,
  })
  description!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
}

@InputType({ description: 'Changes to a skill; a field left out keeps its value.' })
export class UpdateSkillInput extends PostInput {
  @Field(() => String, {
    nullable: true,
    description: 'A new title, by the rules of CreateSkillInput.name.',
  })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: 'A new description, by the rules of CreateSkillInput.description.',
  })
  description?: string;
}
