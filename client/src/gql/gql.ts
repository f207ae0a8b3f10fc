/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ViewerFields on User {\n  id\n  email\n  displayName\n  photoURL\n  bio\n  role\n  appLang\n  emailVerified\n  defaultSpace {\n    spaceId\n    spaceName\n  }\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation SignIn($email: String!, $password: String!) {\n  signIn(email: $email, password: $password) {\n    token\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    success\n    message\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nmutation VerifyEmail($token: String!) {\n  verifyEmail(token: $token)\n}\n\nmutation ResendVerification($email: String!) {\n  resendVerification(email: $email) {\n    success\n    message\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    success\n    message\n  }\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}": typeof types.ViewerFieldsFragmentDoc,
    "fragment StoryCard on Story {\n  id\n  story\n  tags\n  spaceId\n  isAnonymousPost\n  isDraft\n  isApproved\n  createdAt\n  updatedAt\n  canEdit\n  author {\n    id\n    displayName\n    photoURL\n    role\n  }\n  counters {\n    totalReactions\n    totalComments\n  }\n}\n\nquery Stories($list: StoryListKind!, $spaceId: ID, $after: String, $first: Int) {\n  stories(list: $list, spaceId: $spaceId, after: $after, first: $first) {\n    items {\n      ...StoryCard\n    }\n    last\n  }\n}\n\nquery Story($id: ID!) {\n  story(id: $id) {\n    ...StoryCard\n  }\n}\n\nmutation CreateStory($input: CreateStoryInput!) {\n  createStory(input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation UpdateStory($id: ID!, $input: UpdateStoryInput!) {\n  updateStory(id: $id, input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation DeleteStory($id: ID!) {\n  deleteStory(id: $id)\n}\n\nsubscription StoryAdded($spaceId: ID) {\n  storyAdded(spaceId: $spaceId) {\n    ...StoryCard\n  }\n}": typeof types.StoryCardFragmentDoc,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateLanguage($appLang: String!) {\n  updateLanguage(appLang: $appLang) {\n    id\n    appLang\n  }\n}\n\nmutation DeleteAccount {\n  deleteAccount\n}": typeof types.UpdateProfileDocument,
};
const documents: Documents = {
    "fragment ViewerFields on User {\n  id\n  email\n  displayName\n  photoURL\n  bio\n  role\n  appLang\n  emailVerified\n  defaultSpace {\n    spaceId\n    spaceName\n  }\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation SignIn($email: String!, $password: String!) {\n  signIn(email: $email, password: $password) {\n    token\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    success\n    message\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nmutation VerifyEmail($token: String!) {\n  verifyEmail(token: $token)\n}\n\nmutation ResendVerification($email: String!) {\n  resendVerification(email: $email) {\n    success\n    message\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    success\n    message\n  }\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}": types.ViewerFieldsFragmentDoc,
    "fragment StoryCard on Story {\n  id\n  story\n  tags\n  spaceId\n  isAnonymousPost\n  isDraft\n  isApproved\n  createdAt\n  updatedAt\n  canEdit\n  author {\n    id\n    displayName\n    photoURL\n    role\n  }\n  counters {\n    totalReactions\n    totalComments\n  }\n}\n\nquery Stories($list: StoryListKind!, $spaceId: ID, $after: String, $first: Int) {\n  stories(list: $list, spaceId: $spaceId, after: $after, first: $first) {\n    items {\n      ...StoryCard\n    }\n    last\n  }\n}\n\nquery Story($id: ID!) {\n  story(id: $id) {\n    ...StoryCard\n  }\n}\n\nmutation CreateStory($input: CreateStoryInput!) {\n  createStory(input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation UpdateStory($id: ID!, $input: UpdateStoryInput!) {\n  updateStory(id: $id, input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation DeleteStory($id: ID!) {\n  deleteStory(id: $id)\n}\n\nsubscription StoryAdded($spaceId: ID) {\n  storyAdded(spaceId: $spaceId) {\n    ...StoryCard\n  }\n}": types.StoryCardFragmentDoc,
    "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateLanguage($appLang: String!) {\n  updateLanguage(appLang: $appLang) {\n    id\n    appLang\n  }\n}\n\nmutation DeleteAccount {\n  deleteAccount\n}": types.UpdateProfileDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ViewerFields on User {\n  id\n  email\n  displayName\n  photoURL\n  bio\n  role\n  appLang\n  emailVerified\n  defaultSpace {\n    spaceId\n    spaceName\n  }\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation SignIn($email: String!, $password: String!) {\n  signIn(email: $email, password: $password) {\n    token\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    success\n    message\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nmutation VerifyEmail($token: String!) {\n  verifyEmail(token: $token)\n}\n\nmutation ResendVerification($email: String!) {\n  resendVerification(email: $email) {\n    success\n    message\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    success\n    message\n  }\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}"): (typeof documents)["fragment ViewerFields on User {\n  id\n  email\n  displayName\n  photoURL\n  bio\n  role\n  appLang\n  emailVerified\n  defaultSpace {\n    spaceId\n    spaceName\n  }\n}\n\nquery Me {\n  me {\n    ...ViewerFields\n  }\n}\n\nmutation SignIn($email: String!, $password: String!) {\n  signIn(email: $email, password: $password) {\n    token\n    user {\n      ...ViewerFields\n    }\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input) {\n    success\n    message\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nmutation VerifyEmail($token: String!) {\n  verifyEmail(token: $token)\n}\n\nmutation ResendVerification($email: String!) {\n  resendVerification(email: $email) {\n    success\n    message\n  }\n}\n\nmutation RequestPasswordReset($email: String!) {\n  requestPasswordReset(email: $email) {\n    success\n    message\n  }\n}\n\nmutation ResetPassword($token: String!, $password: String!) {\n  resetPassword(token: $token, password: $password)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment StoryCard on Story {\n  id\n  story\n  tags\n  spaceId\n  isAnonymousPost\n  isDraft\n  isApproved\n  createdAt\n  updatedAt\n  canEdit\n  author {\n    id\n    displayName\n    photoURL\n    role\n  }\n  counters {\n    totalReactions\n    totalComments\n  }\n}\n\nquery Stories($list: StoryListKind!, $spaceId: ID, $after: String, $first: Int) {\n  stories(list: $list, spaceId: $spaceId, after: $after, first: $first) {\n    items {\n      ...StoryCard\n    }\n    last\n  }\n}\n\nquery Story($id: ID!) {\n  story(id: $id) {\n    ...StoryCard\n  }\n}\n\nmutation CreateStory($input: CreateStoryInput!) {\n  createStory(input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation UpdateStory($id: ID!, $input: UpdateStoryInput!) {\n  updateStory(id: $id, input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation DeleteStory($id: ID!) {\n  deleteStory(id: $id)\n}\n\nsubscription StoryAdded($spaceId: ID) {\n  storyAdded(spaceId: $spaceId) {\n    ...StoryCard\n  }\n}"): (typeof documents)["fragment StoryCard on Story {\n  id\n  story\n  tags\n  spaceId\n  isAnonymousPost\n  isDraft\n  isApproved\n  createdAt\n  updatedAt\n  canEdit\n  author {\n    id\n    displayName\n    photoURL\n    role\n  }\n  counters {\n    totalReactions\n    totalComments\n  }\n}\n\nquery Stories($list: StoryListKind!, $spaceId: ID, $after: String, $first: Int) {\n  stories(list: $list, spaceId: $spaceId, after: $after, first: $first) {\n    items {\n      ...StoryCard\n    }\n    last\n  }\n}\n\nquery Story($id: ID!) {\n  story(id: $id) {\n    ...StoryCard\n  }\n}\n\nmutation CreateStory($input: CreateStoryInput!) {\n  createStory(input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation UpdateStory($id: ID!, $input: UpdateStoryInput!) {\n  updateStory(id: $id, input: $input) {\n    ...StoryCard\n  }\n}\n\nmutation DeleteStory($id: ID!) {\n  deleteStory(id: $id)\n}\n\nsubscription StoryAdded($spaceId: ID) {\n  storyAdded(spaceId: $spaceId) {\n    ...StoryCard\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateLanguage($appLang: String!) {\n  updateLanguage(appLang: $appLang) {\n    id\n    appLang\n  }\n}\n\nmutation DeleteAccount {\n  deleteAccount\n}"): (typeof documents)["mutation UpdateProfile($input: UpdateProfileInput!) {\n  updateProfile(input: $input) {\n    ...ViewerFields\n  }\n}\n\nmutation UpdateLanguage($appLang: String!) {\n  updateLanguage(appLang: $appLang) {\n    id\n    appLang\n  }\n}\n\nmutation DeleteAccount {\n  deleteAccount\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;