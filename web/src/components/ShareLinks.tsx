import styled from 'styled-components';
import { SOCIAL_ICONS } from './socialIcons';

/** Share links to three social networks, each in a new tab. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, Icon: SOCIAL_ICONS.x },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, Icon: SOCIAL_ICONS.linkedin },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, Icon: SOCIAL_ICONS.facebook },
  ];
  return (
    <Wrap aria-label="Share">
      <span>Share:</span>
      {links.map((l) => (
        <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" aria-label={l.label} title={l.label}>
          <l.Icon />
        </a>
      ))}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 1.5rem 0;
  a {
    display: inline-flex;
    width: 2.25rem;
    height: 2.25rem;
    align-items: center;
    justify-content: center;
    border-radius: 50%;
    border: 1px solid ${(p) => p.theme.colors.border};
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
    font-weight: 700;
  }
`;
