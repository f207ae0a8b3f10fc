import {
  STORY_ANALYTICS_SOURCES,
  STORY_ENTITY_TYPES,
  type StoryAnalyticsSource,
  type StoryEntityType,
} from '@rules';
import { Field, Float, ID, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';

export const StoryEntityTypeEnum = enumOf(
  'StoryEntityType',
  STORY_ENTITY_TYPES,
  'What kind of thing a story’s entity is (Google Natural Language’s kinds).',
  {
    PERSON: 'A person, named or described.',
    LOCATION: 'A place: a village, a river, a country, an address.',
    ORGANIZATION: 'An organisation: a company, a school, a government body, a group.',
    EVENT: 'Something that happened or will happen: a flood, a festival, a meeting.',
    WORK_OF_ART: 'A work: a book, a song, a film, a painting.',
    CONSUMER_GOOD: 'A product or thing people use or buy.',
    OTHER: 'Anything else, and every hashtag and phrase of the fallback.',
  },
);

export const StoryAnalyticsSourceEnum = enumOf(
  'StoryAnalyticsSource',
  STORY_ANALYTICS_SOURCES,
  'Who found a story’s entities.',
  {
    provider:
      'An AI provider, through the configuration of a reader who asked (analyzeStory), for the story’s current text.',
    fallback:
      'The app, from the story’s own hashtags and repeated phrases: no provider read it (yet).',
  },
);

@ObjectType({ description: 'One entity a story mentions (000 §3).' })
export class StoryEntity {
  @Field(() => String, { description: 'Its name, as plain text (a hashtag keeps its #).' })
  name!: string;
  @Field(() => StoryEntityTypeEnum, { description: 'What kind of thing it is.' })
  type!: StoryEntityType;
  @Field(() => Float, {
    description: 'How central it is to the story, 0 to 1; a story’s entities sum to about 1.',
  })
  salience!: number;
  @Field(() => String, {
    nullable: true,
    description: 'Its Wikipedia article (always an https wikipedia.org address); null if none.',
  })
  wikipediaUrl!: string | null;
}

@ObjectType({
  description:
    'A story’s key topics: what a provider found for its current text, else the fallback from its hashtags and phrases.',
})
export class StoryAnalytics {
  @Field(() => ID, { description: 'The story’s id.' }) id!: string;
  @Field(() => StoryAnalyticsSourceEnum, { description: 'Who found the entities.' })
  source!: StoryAnalyticsSource;
  @Field(() => [StoryEntity], {
    description: 'At most 12 entities, the most salient first.',
  })
  entities!: StoryEntity[];
  @Field(() => Date, {
    description: 'When they were found: the provider’s answer, or now for the fallback.',
  })
  computedAt!: Date;
  @Field(() => Boolean, {
    description:
      'Whether the viewer may ask their own AI provider (analyzeStory): the entities are the fallback, and the viewer is signed in (not through a token) with an AI configuration.',
  })
  viewerCanAnalyze!: boolean;
}
