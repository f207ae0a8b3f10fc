import {
  AI_CHAT_MESSAGE_MAX,
  AI_CHAT_MESSAGE_STATUSES,
  AI_CHAT_MESSAGES_PAGE,
  AI_CHAT_NAME_MAX,
  AI_CHAT_ROLES,
  type AiChatMessageStatus,
  type AiChatRole,
  type AiProvider,
} from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';
import { AiProviderEnum } from './ai-config.types';
import { AiTokenUsage } from './ai-helpers.types';

export const AiChatRoleEnum = enumOf('AiChatRole', AI_CHAT_ROLES, 'Who wrote an AI chat message.', {
  user: 'The chat’s person.',
  assistant: 'The AI provider (untrusted text: show it as plain text).',
});

export const AiChatMessageStatusEnum = enumOf(
  'AiChatMessageStatus',
  AI_CHAT_MESSAGE_STATUSES,
  'Where an AI chat message stands.',
  {
    streaming: 'The answer is still coming (follow aiChatAnswer for its text).',
    done: 'Complete (every message of the person is).',
    stopped: 'Its person stopped the answer; the text so far is kept.',
    failed: 'The provider failed; `error` says why, in the app’s words.',
  },
);

@ObjectType('AiChatMessage', { description: 'One message of an AI chat.' })
export class AiChatMessageType {
  @Field(() => ID, { description: 'The message’s id.' }) id!: string;
  @Field(() => ID, { description: 'Its chat’s id.' }) chatId!: string;
  @Field(() => AiChatRoleEnum, { description: 'Who wrote it.' }) role!: AiChatRole;
  @Field(() => String, {
    description:
      'Its plain text (an answer: as far as it is stored while streaming). Never HTML: an answer is the provider’s untrusted text.',
  })
  text!: string;
  @Field(() => AiChatMessageStatusEnum, { description: 'Where it stands.' })
  status!: AiChatMessageStatus;
  @Field(() => String, {
    nullable: true,
    description: 'Why a failed answer failed, in the app’s words; null otherwise.',
  })
  error!: string | null;
  @Field(() => AiTokenUsage, {
    description:
      'The tokens an answer used (estimated when stopped before the provider counted); 0 for the person’s messages.',
  })
  usage!: AiTokenUsage;
  @Field(() => Date, { description: 'When it was written.' }) createdAt!: Date;
}

export const AiChatMessagePage = pageOf(AiChatMessageType, 'AiChatMessage', null);

@ObjectType('AiChat', {
  description:
    'One of the viewer’s AI chats (000 §3 aiChat): a conversation with their AI provider, private to them. Each chat is one session.',
})
export class AiChatType {
  @Field(() => ID, { description: 'The chat’s id.' }) id!: string;
  @Field(() => String, {
    description: 'Its name; empty until named or until its first message names it.',
  })
  name!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The AI configuration it talks through; null (the default then) once deleted.',
  })
  configId!: string | null;
  @Field(() => AiProviderEnum, {
    nullable: true,
    description: 'That configuration’s provider; null once deleted.',
  })
  provider!: AiProvider | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The space whose problems it may send as context; null once deleted.',
  })
  spaceId!: string | null;
  @Field(() => Date, { description: 'When it was started.' }) createdAt!: Date;
  @Field(() => Date, { description: 'When it was last written in.' }) updatedAt!: Date;
}

export const AiChatPage = pageOf(AiChatType, 'AiChat', null);

@ObjectType({ description: 'A message sent to an AI chat and its answer, which starts streaming.' })
export class AiChatExchange {
  @Field(() => AiChatMessageType, { description: 'The message sent.' })
  message!: AiChatMessageType;
  @Field(() => AiChatMessageType, {
    description: 'The answer, `streaming` with no text yet: its text comes over aiChatAnswer.',
  })
  answer!: AiChatMessageType;
}

@ObjectType({ description: 'An AI chat answer grew, or ended.' })
export class AiChatAnswerEvent {
  @Field(() => ID, { description: 'The chat’s id.' }) chatId!: string;
  @Field(() => ID, { description: 'The answer’s id.' }) messageId!: string;
  @Field(() => String, {
    description:
      'The text added (plain text, untrusted); empty when the answer ended. Append it at `offset`.',
  })
  delta!: string;
  @Field(() => Int, {
    description:
      'The answer’s length before this delta: a client whose text is shorter missed events and reloads the chat.',
  })
  offset!: number;
  @Field(() => AiChatMessageStatusEnum, { description: 'The answer’s status after this event.' })
  status!: AiChatMessageStatus;
  @Field(() => AiChatMessageType, {
    nullable: true,
    description: 'Once the answer ended (done, stopped, failed): the stored answer; null before.',
  })
  message!: AiChatMessageType | null;
}

@InputType({ description: 'A new AI chat.' })
export class CreateAiChatInput {
  @Field(() => String, {
    nullable: true,
    description: `Its name (at most ${AI_CHAT_NAME_MAX} characters); the first message names it otherwise.`,
  })
  name?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'One of your AI configurations; your default otherwise.',
  })
  configId?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The space whose problems it may send as context; your active space otherwise.',
  })
  spaceId?: string | null;
}

@InputType({ description: 'A message to one of your AI chats.' })
export class SendAiChatMessageInput {
  @Field(() => ID, { description: 'The chat’s id.' }) chatId!: string;
  @Field(() => String, {
    description: `The message (plain text, at most ${AI_CHAT_MESSAGE_MAX} characters).`,
  })
  text!: string;
  @Field(() => Boolean, {
    nullable: true,
    description:
      'Send the names and opening lines of the chat’s space’s problems you may read as context (false when omitted).',
  })
  useSpaceContext?: boolean | null;
  @Field(() => ID, {
    nullable: true,
    description: 'Talk through this AI configuration from now on; the chat’s own otherwise.',
  })
  configId?: string | null;
}

export const AI_CHAT_MESSAGES_LAST = {
  nullable: true,
  description: `How many messages, the newest (or those before \`before\`), 1 to 100 (${AI_CHAT_MESSAGES_PAGE} when omitted).`,
};
