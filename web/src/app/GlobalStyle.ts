import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${(p) => p.theme.font};
    color: ${(p) => p.theme.colors.text};
    background: ${(p) => p.theme.colors.bg};
    line-height: 1.6;
  }
  a { color: ${(p) => p.theme.colors.primary}; }
  img { max-width: 100%; display: block; }
  h1, h2, h3 { line-height: 1.25; }
  :focus-visible { outline: 3px solid ${(p) => p.theme.colors.accent}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
`;
