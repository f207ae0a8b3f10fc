// My AI Configs, shown by the settings layout (features/users/SettingsLayout.tsx), and the chat
// lists' AI Chats section (features/chat/ConversationList.tsx); both load it when shown.
export { AiConfigsPage } from './AiConfigsPage';
export { AiChatsSection } from './AiChatsSection';
export { loadAiTexts } from './aiTexts';
