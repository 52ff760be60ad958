import styled, { css, keyframes } from 'styled-components';

/** Shared building blocks used by every screen. */
export const Container = styled.div`
  max-width: ${(p) => p.theme.maxWidth};
  margin: 0 auto;
  padding: 0 1rem;
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0 1rem;
  border-radius: ${(p) => p.theme.radius.md};
  font: inherit;
  font-weight: 600;
  font-size: 0.95rem;
  text-decoration: none;
  cursor: pointer;
  border: 1px solid transparent;
  transition: background 0.15s ease;
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: 'primary' | 'outline' | 'ghost' }>`
  ${buttonBase}
  ${(p) =>
    p.$variant === 'outline'
      ? css`
          background: transparent;
          color: ${p.theme.colors.text};
          border-color: ${p.theme.colors.border};
          &:hover:not(:disabled) {
            background: ${p.theme.colors.surface};
          }
        `
      : p.$variant === 'ghost'
        ? css`
            background: transparent;
            color: ${p.theme.colors.text};
            &:hover:not(:disabled) {
              background: ${p.theme.colors.surface};
            }
          `
        : css`
            background: ${p.theme.colors.primary};
            color: ${p.theme.colors.primaryText};
            &:hover:not(:disabled) {
              background: ${p.theme.colors.primaryHover};
            }
          `}
`;

/** A link styled as a button (use with react-router's Link via `as`). */
export const ButtonLink = styled(Button).attrs({ as: 'a' })``;

/** Text inputs are 2.5rem high, rounded, bordered, with disabled styling. */
export const Input = styled.input`
  height: 2.5rem;
  width: 100%;
  padding: 0 0.75rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  font: inherit;
  font-size: 0.95rem;
  background: ${(p) => p.theme.colors.bg};
  color: ${(p) => p.theme.colors.text};
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 6rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  font: inherit;
  font-size: 0.95rem;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

export const Chip = styled.button<{ $active?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.35rem 0.85rem;
  min-height: 2rem;
  border-radius: ${(p) => p.theme.radius.full};
  border: 1px solid ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.border)};
  background: ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.bg)};
  color: ${(p) => (p.$active ? p.theme.colors.primaryText : p.theme.colors.text)};
  font: inherit;
  font-size: 0.875rem;
  cursor: pointer;
  text-decoration: none;
`;

export const Badge = styled.span<{ $color?: string }>`
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: ${(p) => p.theme.radius.full};
  font-size: 0.75rem;
  font-weight: 600;
  background: ${(p) => (p.$color ? `${p.$color}1a` : p.theme.colors.surfaceAlt)};
  color: ${(p) => p.$color ?? p.theme.colors.primary};
`;

export const Card = styled.article`
  position: relative;
  background: ${(p) => p.theme.colors.bg};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  box-shadow: ${(p) => p.theme.shadow.card};
  overflow: hidden;
  display: flex;
  flex-direction: column;
`;

const shimmer = keyframes`
  0% { background-position: -400px 0; }
  100% { background-position: 400px 0; }
`;

/** Placeholder block shown while content loads; give it the size of what it stands for. */
export const Skeleton = styled.div<{ $height?: string; $width?: string }>`
  height: ${(p) => p.$height ?? '1rem'};
  width: ${(p) => p.$width ?? '100%'};
  border-radius: ${(p) => p.theme.radius.sm};
  background: linear-gradient(90deg, #eef2f7 25%, #e2e8f0 37%, #eef2f7 63%);
  background-size: 800px 100%;
  animation: ${shimmer} 1.4s ease infinite;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${(p) => p.$min ?? '300px'}), 1fr));
`;

/** Clamps text to a number of lines (descriptions are limited to two). */
export const Clamp = styled.p<{ $lines?: number }>`
  display: -webkit-box;
  -webkit-line-clamp: ${(p) => p.$lines ?? 2};
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const PageHeading = styled.h1`
  font-size: clamp(1.75rem, 4vw, 2.5rem);
  margin: 2rem 0 0.5rem;
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.colors.muted};
`;

export const EmptyState = styled.div`
  text-align: center;
  padding: 3rem 1rem;
  border: 1px dashed ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  color: ${(p) => p.theme.colors.muted};
  h2,
  h3 {
    color: ${(p) => p.theme.colors.text};
    margin-top: 0;
  }
`;

/** A square for a logo image, or the first letter of a name when there is none. */
export const LogoTile = styled.div<{ $size?: string }>`
  width: ${(p) => p.$size ?? '2.75rem'};
  height: ${(p) => p.$size ?? '2.75rem'};
  flex: none;
  border-radius: ${(p) => p.theme.radius.md};
  background: ${(p) => p.theme.colors.surfaceAlt};
  color: ${(p) => p.theme.colors.primary};
  display: grid;
  place-items: center;
  font-weight: 800;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

/** A page heading on the left with its main action on the right, wrapping on narrow screens. */
export const PageTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: 1rem;
`;
