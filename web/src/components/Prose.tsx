import styled from 'styled-components';

/**
 * Renders our plain-text guide format safely: blank-line separated paragraphs,
 * "## " / "### " headings and "- " bullet lists. No HTML is interpreted.
 */
export function Prose({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <Body>
      {blocks.map((block, i) => {
        if (block.startsWith('### ')) return <h3 key={i}>{block.slice(4)}</h3>;
        if (block.startsWith('## ')) return <h2 key={i}>{block.slice(3)}</h2>;
        const lines = block.split('\n');
        if (lines.every((l) => /^[-*] /.test(l.trim()))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.trim().slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{block}</p>;
      })}
    </Body>
  );
}

const Body = styled.div`
  font-size: 1.05rem;
  line-height: 1.75;
  h2 {
    margin-top: 2rem;
  }
`;
