import { TRANSCRIPTION_MAX_BYTES, TRANSCRIPTION_MAX_SECONDS } from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One way of hearing a stretch of audio; a transcript keeps one.' })
export class TranscriptAlternative {
  @Field(() => String, { description: 'What was said (plain text, shown as text).' })
  transcript!: string;
}

@ObjectType({
  description:
    'One entry of an audio transcription (000 §3), in Google speech-to-text’s shape: where it ends and what was said.',
})
export class TranscriptSegment {
  @Field(() => String, {
    description: 'Where in the audio this entry ends, as seconds with an s: "3.2s".',
  })
  resultEndTime!: string;
  @Field(() => [TranscriptAlternative], {
    description: 'What was heard; the first (and only) alternative is the transcript.',
  })
  alternatives!: TranscriptAlternative[];
}

@ObjectType({ description: 'An audio attachment’s transcription, as its reader sees it.' })
export class AudioTranscription {
  @Field(() => ID, { description: 'The audio’s upload (MediaItem.uploadId).' })
  uploadId!: string;
  @Field(() => Boolean, { description: 'Whether a transcript is stored.' })
  hasTranscription!: boolean;
  @Field(() => Boolean, {
    description:
      'Whether you may transcribe it (again): you may edit the post it is attached to. Transcribing spends your own AI config.',
  })
  canTranscribe!: boolean;
  @Field(() => [TranscriptSegment], {
    description: 'The transcript in order; empty when none is stored or no speech was heard.',
  })
  segments!: TranscriptSegment[];
  @Field(() => Date, { nullable: true, description: 'When it was transcribed; null if never.' })
  transcribedAt!: Date | null;
}

@InputType({ description: 'A transcription of a post’s audio.' })
export class TranscribeAudioInput {
  @Field(() => ID, {
    description: `The audio's upload (MediaItem.uploadId), attached to a post you may edit; audio only, at most ${TRANSCRIPTION_MAX_BYTES / 1024 ** 2} MB and ${TRANSCRIPTION_MAX_SECONDS / 60} minutes.`,
  })
  uploadId!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'One of your AI configurations; your default otherwise.',
  })
  configId?: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Transcribe again what already was (else the stored transcript answers, free).',
  })
  redo?: boolean | null;
}
