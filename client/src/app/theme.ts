import {
  createTheme,
  darken,
  getPrimaryShade,
  isVirtualColor,
  luminance,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * Colours are chosen for WCAG AA: 4.5:1 for normal-size text. Mantine's defaults miss it (white on
 * indigo-6 is 4.32:1, dimmed grey-6 on white 3.32:1, light badges in yellow, teal, green or orange
 * too), so the theme fixes them once here rather than per component. One exception Mantine leaves
 * no theme hook for: a `Menu.Item` with `color` paints its text with shade 6 (red-6 is 3.28:1), so
 * a danger item takes `c="red"` instead.
 */
const AA_CONTRAST = 4.5;

/** The luminance above which white text falls below AA: brighter fills get black text. */
const WHITE_TEXT_MAX_LUMINANCE = 1.05 / AA_CONTRAST - 0.05;

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `color`, darkened in small steps until its text reaches AA on `background`. */
function readableOn(background: string, color: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (contrast(candidate, background) >= AA_CONTRAST) return candidate;
  }
  return '#000000';
}

const theme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons, badges and links use shade 8: white on indigo-8 is 5.67:1.
  primaryShade: { light: 8, dark: 8 },
  // Fills too bright for white text (teal, yellow, the problem status colours) get black text.
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_MAX_LUMINANCE,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Telugu", "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Mantine's focus placeholder is a focusable div inside role="menu", which a screen reader
    // meets as a child a menu may not have (axe: aria-required-children, critical). Without it the
    // dropdown itself takes focus on open and the arrow keys move to the items, as before.
    // Plain objects rather than `Menu.extend(…)`, which would import the component itself into
    // every first visit; menus and dialogs load with their first use (components/overlays).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** The theme with names for Mantine's own close buttons (dialogs, toasts), in the reader's language. */
export function localizedTheme(labels: { close: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    }),
  );
}

/**
 * Light-scheme text colours made readable: dimmed text and placeholders on white and the light
 * greys of panels; each colour's light variant (badges, alerts, light buttons) on its tinted
 * background, and its outline variant and `c="red"`-style text on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const { white, colors } = resolved;
  const { gray, red } = colors;
  const shade = getPrimaryShade(resolved, 'light');
  const dimmed = readableOn(gray[1], gray[6]);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-error': readableOn(gray[0], red[shade]),
  };
  for (const [name, shades] of Object.entries(colors)) {
    if (isVirtualColor(shades)) continue;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[2], shades[9]);
    light[`--mantine-color-${name}-outline`] = readableOn(white, shades[shade]);
    light[`--mantine-color-${name}-text`] = readableOn(gray[0], shades[shade]);
  }
  return { variables: {}, light, dark: {} };
};
