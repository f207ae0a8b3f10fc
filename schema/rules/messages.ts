import { MAX_PAGE_SIZE } from './limits';
import { PROFILE_UPDATE_KEYS } from './enums';
import { TIME_RANGE_MESSAGES } from './time-range';

/**
 * User-facing messages shared by every feature, in the spec's words where the spec words them.
 * Each translates under `common:errors.<key>` (see message-keys.ts); features keep their own
 * messages in their rules file. Spec slips corrected here are listed in docs/decisions.md.
 */
export const MESSAGES = {
  ...TIME_RANGE_MESSAGES,
  emailRequired: 'E-mail is required',
  emailInvalid: 'E-mail must be valid',
  passwordRequired: 'Password is required',
  passwordMin: 'Min 6 characters',
  passwordMax: 'Max 128 characters',
  nameRequired: 'Name is required',
  nameMax: 'Name must be less than 20 characters',
  roleInvalid: 'Choose person or organisation',
  verifyEmail: 'Please Verify your email',
  checkEmail: 'Please check your email.',
  resetSent: 'Reset email is sent to your mail.',
  wrongCredentials: 'Wrong e-mail or password',
  emailInUse: 'This e-mail is already in use',
  emailUnchanged: 'This is already your e-mail',
  tokenInvalid: 'This link is invalid or has expired',
  tooManyRequests: 'Too many attempts. Please try again in {{minutes}} minutes.',
  tooManyRequestsMinute: 'Too many attempts. Please try again in a minute.',
  signInRequired: 'Please sign in',
  forbidden: 'You do not have permission to do that',
  crossSiteRequest: 'This request did not come from this site, so it was refused',
  urlInvalid: 'Enter a web address starting with http:// or https://',
  urlMax: 'Web address must be at most 2048 characters',
  notFound: 'Item has been deleted',
  /** 001 §8: an address or method no row serves (a missing item stays notFound). */
  pageNotFound: 'This page could not be found',
  internal: 'Something went wrong',
  textRequired: 'Text is required',
  textMin: 'Text must be at least 3 characters',
  textMax: 'Text must be at most 10000 characters',
  hashtagRequired: 'Add at least one #hashtag',
  hashtagDot: "Hashtags cannot contain '.'",
  tagsMax: 'Max 10 tags',
  langInvalid: 'Unsupported language',
  bioMax: 'Bio must be at most 500 characters',
  profileKeyInvalid: `key must be one of ${PROFILE_UPDATE_KEYS.join(', ')}`,
  syncOtherAccount: 'You can only sync your own account',
  queryTooDeep: 'Query is too deep',
  queryTooComplex: 'Query is too complex',
  tooManyAliases: 'Query has too many aliases',
  badRequest: 'The request is malformed',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is larger than 1 MB',
  invalidValue: 'A value in the request is not valid',
  invalidCursor: 'Invalid cursor',
  pageSizeInvalid: `first must be between 1 and ${MAX_PAGE_SIZE}`,
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  tooManyDirectives: 'Query has too many directives',
  tooManySocketOperations: 'Too many operations are open on this connection',
  tooManyPersonOperations: 'Too many operations are open for this account',
} as const;
