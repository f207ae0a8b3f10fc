import {
  AI_BASE_URL_MAX,
  AI_CONFIG_DESCRIPTION_MAX,
  AI_CONFIG_DESCRIPTION_MIN,
  AI_CONFIG_NAME_MAX,
  AI_KEY_MAX,
  AI_KEY_MIN,
  AI_PROVIDERS,
  type AiProvider,
} from '@rules';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';

export const AiProviderEnum = enumOf(
  'AiProvider',
  AI_PROVIDERS,
  'Where an AI configuration sends its calls.',
  {
    groq: 'Groq’s hosted models (the default).',
    geminiai: 'Google’s Gemini models.',
    openaicompatible:
      'A server that speaks the OpenAI API at its own address (Ollama, llama.cpp, vLLM), such as one a community runs itself.',
  },
);

@ObjectType({
  description:
    'One of the viewer’s AI configurations: never its key, only the last four characters.',
})
export class AiConfig {
  @Field(() => ID, { description: 'The configuration’s id.' }) id!: string;
  @Field(() => String, { description: 'The name its person gave it.' }) name!: string;
  @Field(() => String, { description: 'What its person uses it for.' }) description!: string;
  @Field(() => AiProviderEnum, { description: 'Where its calls go.' }) provider!: AiProvider;
  @Field(() => String, { description: 'The model its calls ask for, as the provider names it.' })
  model!: string;
  @Field(() => String, { description: 'The last four characters of its key, to tell keys apart.' })
  keyLast4!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The self-hosted server’s address (openaicompatible only).',
  })
  baseUrl!: string | null;
  @Field(() => Boolean, { description: 'Whether it is the one its person uses by default.' })
  isDefault!: boolean;
  @Field(() => Date, { description: 'When it was created.' }) createdAt!: Date;
  @Field(() => Date, { description: 'When it last changed.' }) updatedAt!: Date;
}

@ObjectType({ description: 'A model a provider offers to a key.' })
export class AiModel {
  @Field(() => ID, { description: 'The model’s id, as the provider takes it.' }) id!: string;
  @Field(() => String, { description: 'Its name to show (the id when the provider has none).' })
  displayName!: string;
}

@InputType({ description: 'A new AI configuration.' })
export class CreateAiConfigInput {
  @Field(() => AiProviderEnum, { description: 'Where its calls go.' }) provider!: AiProvider;
  @Field(() => String, {
    description: `The provider's API key, ${AI_KEY_MIN} to ${AI_KEY_MAX} characters; stored encrypted and never shown again.`,
  })
  apiKey!: string;
  @Field(() => String, {
    nullable: true,
    description: `The server's http(s) address (openaicompatible only), up to ${AI_BASE_URL_MAX} characters.`,
  })
  baseUrl?: string | null;
  @Field(() => String, { description: 'The model, as the provider names it (see aiModels).' })
  model!: string;
  @Field(() => String, { description: `A name, 1 to ${AI_CONFIG_NAME_MAX} characters.` })
  name!: string;
  @Field(() => String, {
    description: `What it is for, ${AI_CONFIG_DESCRIPTION_MIN} to ${AI_CONFIG_DESCRIPTION_MAX} characters.`,
  })
  description!: string;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Make it the default (a person’s first configuration always is).',
  })
  isDefault?: boolean | null;
}

@InputType({ description: 'A change to an AI configuration; its key and provider cannot change.' })
export class UpdateAiConfigInput {
  @Field(() => String, { nullable: true, description: 'Another model of the same provider.' })
  model?: string | null;
  @Field(() => String, { nullable: true, description: 'A new name.' }) name?: string | null;
  @Field(() => String, { nullable: true, description: 'A new description.' })
  description?: string | null;
}
