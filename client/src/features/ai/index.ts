// My AI Configs, shown by the settings layout (features/users/SettingsLayout.tsx).
export { AiConfigsPage } from './AiConfigsPage';
export { loadAiTexts, useAiTexts } from './aiTexts';
/** The story page's Key topics panel translates its AI texts and errors with these. */
export { notifyAiError } from './aiErrors';
