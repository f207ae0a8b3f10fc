import { Field, ID, ObjectType } from 'type-graphql';
import { MediaItem } from './media.types';
import { pageOf } from '../../graphql/page';

@ObjectType({
  description: "One attachment of a space's post, as the space's media page lists it.",
})
export class SpaceMediaEntry {
  @Field(() => MediaItem) item!: MediaItem;
  @Field(() => String, { description: 'stories, problems, solutions or skills.' })
  postType!: string;
  @Field(() => ID) postId!: string;
  @Field(() => String, { description: "A titled post's name; a story's opening words." })
  postTitle!: string;
  @Field(() => Date, { description: 'When the post was created.' }) createdAt!: Date;
}

export const SpaceMediaPage = pageOf(SpaceMediaEntry, 'SpaceMedia');
