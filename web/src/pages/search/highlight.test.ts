import { describe, expect, it } from 'vitest';
import { highlightParts, queryWordsOf } from './highlight';

describe('highlightParts', () => {
  it('marks whole matching words, whatever their case or accents', () => {
    expect(highlightParts('Montréal hosts the Transformer summit', ['montreal', 'transformer'])).toEqual([
      { text: 'Montréal', mark: true },
      { text: ' hosts the ', mark: false },
      { text: 'Transformer', mark: true },
      { text: ' summit', mark: false },
    ]);
  });

  it('does not mark inside other words, and keeps markup as plain text', () => {
    const parts = highlightParts('<b>transformers</b> & transform', ['transform']);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['transform']);
    expect(parts.map((p) => p.text).join('')).toBe('<b>transformers</b> & transform');
  });

  it('marks query words too, and leaves text alone without terms', () => {
    expect(highlightParts('Open model', [], queryWordsOf('"MODEL"'))).toEqual([
      { text: 'Open ', mark: false },
      { text: 'model', mark: true },
    ]);
    expect(highlightParts('Nothing here', [])).toEqual([{ text: 'Nothing here', mark: false }]);
  });
});
