// Web Push and the e-mail digest on the client:
// - `PushPrompt`: the 3 s browser-notifications offer (ShellLayout mounts it); public/sw.js shows pushes.
// - `DigestSettingCard`: the digest switch on /settings/account.
export { DigestSettingCard } from './DigestSettingCard';
export { PushPrompt } from './PushPrompt';
