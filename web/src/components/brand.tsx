import styled from 'styled-components';
import { Bot } from 'lucide-react';

/**
 * The NeuralBeat mark: a robot drawn in SVG (web/public/favicon.svg is the same
 * drawing), so it shows on every device whether or not it has an emoji font.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M16 10.5V7h-3" />
        <rect x="8" y="10.5" width="16" height="12" rx="2.5" />
        <path d="M5.5 16.5h2.5M24 16.5h2.5M19.5 15.5v2M12.5 15.5v2" />
      </g>
    </svg>
  );
}

/** What an article, event or guide without a (loadable) image shows: the robot on a tinted panel. */
export function ImagePlaceholder({ iconSize = 48 }: { iconSize?: number }) {
  return (
    <Panel aria-hidden="true" data-testid="image-placeholder">
      <Bot size={iconSize} strokeWidth={1.5} />
    </Panel>
  );
}

const Panel = styled.div`
  width: 100%;
  height: 100%;
  display: grid;
  place-items: center;
  color: ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.surfaceAlt};
`;
