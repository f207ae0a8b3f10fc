import type { MediaItem as MediaItemValue } from '@rules';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { MediaItem } from '../media/media.types';
import { AudioTranscription, TranscribeAudioInput, TranscriptSegment } from './transcription.types';
import { audioTranscription, readTranscriptFile, transcribeAudio } from './transcription.service';

/** Transcribing spends the person's own key and quota: a signed-in session only. */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class TranscribeAudioResolver {
  @Authorized()
  @Mutation(() => AudioTranscription, {
    description:
      'Transcribes the audio of a post you may edit with your AI configuration, and keeps the transcript next to it for the post’s readers. Audio already transcribed answers its stored transcript unless redo.',
  })
  transcribeAudio(
    @Arg('input', () => TranscribeAudioInput, { description: 'Which audio, and how.' })
    input: TranscribeAudioInput,
    @Ctx() ctx: Context,
  ) {
    return transcribeAudio(ctx, input);
  }
}

/** Reading a transcript is reading the post: whoever may read the audio reads its transcript. */
@Resolver(() => MediaItem)
export class AudioTranscriptionResolver {
  @Query(() => AudioTranscription, {
    description:
      'An audio attachment’s transcription and whether you may transcribe it, for whoever may read its post.',
  })
  audioTranscription(
    @Arg('uploadId', () => ID, { description: 'The audio’s upload (MediaItem.uploadId).' })
    uploadId: string,
    @Ctx() ctx: Context,
  ) {
    return audioTranscription(ctx, uploadId);
  }

  @FieldResolver(() => Boolean, {
    description: 'Audio with a stored transcription (000 §3 hasTranscription).',
  })
  hasTranscription(@Root() item: MediaItemValue) {
    return item.hasTranscription === true;
  }

  @FieldResolver(() => [TranscriptSegment], {
    nullable: true,
    description:
      'Audio’s transcription (000 §3): entries with resultEndTime and alternatives[0].transcript; null when none.',
  })
  async transcription(@Root() item: MediaItemValue, @Ctx() ctx: Context) {
    if (!item.hasTranscription || !item.uploadId) return null;
    const key = await ctx.loaders.transcriptKey.load(item.uploadId);
    return key ? readTranscriptFile(ctx.storage, key) : null;
  }
}
