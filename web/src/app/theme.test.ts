import { describe, expect, it } from 'vitest';
import { levelColor, theme } from './theme';

/** WCAG relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** A badge's background: its colour at 0x1a alpha over white (Badge in components/ui.tsx). */
const tint = (hex: string) =>
  `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * (0x1a / 255) + 255 * (1 - 0x1a / 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

describe('colours of small text', () => {
  it('category and level badges reach WCAG AA (4.5:1) on their own tint', () => {
    for (const color of [...Object.values(theme.colors.category), ...['Beginner', 'Intermediate', 'Advanced'].map(levelColor)]) {
      expect(contrast(color, tint(color)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('muted, primary and success text reach AA on white', () => {
    for (const color of [theme.colors.muted, theme.colors.primary, theme.colors.success])
      expect(contrast(color, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
  });
});
