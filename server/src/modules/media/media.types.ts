import { MEDIA_TYPES, RECORDING_MAX_CHUNKS, RECORDING_MAX_SECONDS } from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: `A post's attachment (000 §3 media item). type is one of ${MEDIA_TYPES.join(', ')}.`,
})
export class MediaItem {
  @Field(() => String, { description: `How to show it: one of ${MEDIA_TYPES.join(', ')}.` })
  type!: string;
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
  @Field(() => String, {
    nullable: true,
    description: "The file's extension as its bytes tell (not its name); null for YouTube.",
  })
  extension?: string | null;
  @Field(() => Int, { description: 'Its place among the post’s attachments, from 0.' })
  fileIndex!: number;
  @Field(() => String, {
    nullable: true,
    description: "The file's name as uploaded; null for YouTube ('no filename').",
  })
  name?: string | null;
  @Field(() => Float, { nullable: true, description: 'Bytes.' }) size?: number | null;
  @Field(() => Float, { nullable: true, description: 'Seconds (recordings).' })
  duration?: number | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The upload it is (send it back in MediaInput.uploadId to keep it on edit).',
  })
  uploadId?: string | null;
  @Field(() => [ID], {
    nullable: true,
    description: 'A chunked video recording: its uploads in order (MediaInput.uploadIds).',
  })
  uploadIds?: string[] | null;
  @Field(() => String, { nullable: true, description: 'YouTube video id (11 characters).' })
  videoId?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The file's content type as its bytes tell, such as image/png; null for YouTube.",
  })
  contentType?: string | null;
}

@InputType({
  description:
    'One attachment of a post being created or edited: exactly one of uploadId (a finished upload), uploadIds (a recorded video, chunks in order) or youtubeUrl.',
})
export class MediaInput {
  @Field(() => ID, {
    nullable: true,
    description:
      "A finished upload (tus) of the viewer's, in the post's space and not attached elsewhere.",
  })
  uploadId?: string | null;
  @Field(() => [ID], {
    nullable: true,
    description: `A recorded video's chunk uploads in order, at most ${RECORDING_MAX_CHUNKS}.`,
  })
  uploadIds?: string[] | null;
  @Field(() => String, {
    nullable: true,
    description: 'A YouTube video link; it must name an 11-character video id.',
  })
  youtubeUrl?: string | null;
  @Field(() => Float, {
    nullable: true,
    description: `Seconds of audio or video (a recording: at most ${RECORDING_MAX_SECONDS}).`,
  })
  duration?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'A photo taken with the camera.' })
  captured?: boolean | null;
}
