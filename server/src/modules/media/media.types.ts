import { MEDIA_TYPES } from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: `A post's attachment (000 §3 media item). type is one of ${MEDIA_TYPES.join(', ')}.`,
})
export class MediaItem {
  @Field(() => String) type!: string;
  @Field(() => String, {
    description:
      "The file's address (/api/media/{uploadId}/{name}, served to readers of its space), or the privacy-enhanced embed address of a YouTube video.",
  })
  url!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'A chunked video recording: its chunks in order.',
  })
  urls?: string[] | null;
  @Field(() => String, {
    nullable: true,
    description: 'A small WebP made on the server (images only).',
  })
  thumbnailUrl?: string | null;
  @Field(() => String, { nullable: true }) extension?: string | null;
  @Field(() => Int) fileIndex!: number;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Float, { nullable: true, description: 'Bytes.' }) size?: number | null;
  @Field(() => Float, { nullable: true, description: 'Seconds (recordings).' })
  duration?: number | null;
  @Field(() => ID, { nullable: true }) uploadId?: string | null;
  @Field(() => [ID], { nullable: true }) uploadIds?: string[] | null;
  @Field(() => String, { nullable: true, description: 'YouTube video id (11 characters).' })
  videoId?: string | null;
  @Field(() => String, { nullable: true }) contentType?: string | null;
}

@InputType({
  description:
    'One attachment of a post being created or edited: exactly one of uploadId (a finished upload), uploadIds (a recorded video, chunks in order) or youtubeUrl.',
})
export class MediaInput {
  @Field(() => ID, { nullable: true }) uploadId?: string | null;
  @Field(() => [ID], { nullable: true }) uploadIds?: string[] | null;
  @Field(() => String, { nullable: true }) youtubeUrl?: string | null;
  @Field(() => Float, { nullable: true }) duration?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'A photo taken with the camera.' })
  captured?: boolean | null;
}
