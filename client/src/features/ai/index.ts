// My AI Configs, shown by the settings layout (features/users/SettingsLayout.tsx).
export { AiConfigsPage } from './AiConfigsPage';
export { loadAiTexts } from './aiTexts';
