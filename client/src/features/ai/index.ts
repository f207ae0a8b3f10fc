// My AI Configs, shown by the settings layout (features/users/SettingsLayout.tsx); the AI texts
// and error words for other features' AI actions (media's transcription panel).
export { AiConfigsPage } from './AiConfigsPage';
export { loadAiTexts, useAiTexts } from './aiTexts';
export { notifyAiError } from './aiErrors';
