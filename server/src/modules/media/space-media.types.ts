import { Field, ID, ObjectType } from 'type-graphql';
import { MediaItem } from './media.types';
import { pageOf } from '../../graphql/page';

@ObjectType({
  description: "One attachment of a space's post, as the space's media page lists it.",
})
export class SpaceMediaEntry {
  @Field(() => MediaItem, { description: 'The attachment.' }) item!: MediaItem;
  @Field(() => String, {
    description: "The post's kind, as its REST collection: stories, problems, solutions or skills.",
  })
  postType!: string;
  @Field(() => ID, { description: "The post's id." }) postId!: string;
  @Field(() => String, { description: "A titled post's name; a story's opening words." })
  postTitle!: string;
  @Field(() => Date, { description: 'When the post was created.' }) createdAt!: Date;
}

export const SpaceMediaPage = pageOf(SpaceMediaEntry, 'SpaceMedia');
