import type { ResourceLanguage } from 'i18next';

/** One language's namespaces (namespace = file name) from its globbed JSON files. */
export function resourcesOf(
  files: Record<string, { default: Record<string, unknown> }>,
): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [file, module] of Object.entries(files)) {
    const namespace = /\/([^/]+)\.json$/u.exec(file)?.[1];
    if (namespace) namespaces[namespace] = module.default;
  }
  return namespaces;
}
