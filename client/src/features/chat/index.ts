// The chat feature's pieces for the shell (its routes are in routes.ts):
// - `ChatBadge`: the header's chat button with the unread badge (the shell loads `ChatDrawer`
//   from its own module when first opened).
// - `useChatTotals`: the badge's number (the mobile bottom bar's Chat item).
// - `GroupMenu`, `PresenceDot`, `useChatNavigation`: for the conversation view's header.
export { ChatBadge } from './ChatBadge';
export { useChatNavigation } from './chatNavigation';
export { GroupMenu } from './GroupMenu';
export { PresenceDot } from './PresenceDot';
export { useChatTotals } from './useChatTotals';
