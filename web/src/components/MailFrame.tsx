import { useCallback, useRef, useState } from 'react';
import styled from 'styled-components';

/** Links open in a new tab: inside the frame they would replace the mail, and the sandbox forbids navigating the page. */
const withLinkTarget = (html: string) =>
  /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}<base target="_blank">`) : `<base target="_blank">${html}`;

/**
 * An e-mail's HTML shown as the mail client would show it, isolated from the
 * page: a sandboxed frame (`srcdoc`) that runs no scripts, submits no forms
 * and cannot navigate the page; its links open in a new tab. Same-origin (with
 * scripts off) only so the page can size the frame to the mail's height.
 */
export function MailFrame({ html, title, minHeight = 480 }: { html: string; title: string; minHeight?: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(minHeight, doc.documentElement.scrollHeight));
  }, [minHeight]);
  return (
    <Frame
      ref={frame}
      title={title}
      srcDoc={withLinkTarget(html)}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      onLoad={fit}
      style={{ height }}
    />
  );
}

const Frame = styled.iframe`
  display: block;
  width: 100%;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  background: #fff;
`;
