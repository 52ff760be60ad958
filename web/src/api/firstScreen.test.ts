// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { seedFirstScreen } from './firstScreen';

/** Opens `url` with the gateway's embedded data in the page. */
const page = (url: string, payload: string) => {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = '<div id="root"></div><script type="application/json" id="first-screen"></script>';
  document.getElementById('first-screen')!.textContent = payload;
  return document;
};

const payload = JSON.stringify({
  path: '/news?utm=1',
  queries: [
    { key: ['/api/news/tags'], data: { tags: [{ name: 'llm', count: 3 }] } },
    { key: ['/api/news', 'infinite'], infinite: true, data: { articles: [], pagination: { total: 0 } } },
  ],
});

describe('seeding the query cache from the page', () => {
  it('stores each answer under its key, the feed in the infinite-list shape, and removes the element', () => {
    const client = new QueryClient();
    const doc = page('/news?utm=1', payload);
    seedFirstScreen(client, doc);
    expect(client.getQueryData(['/api/news/tags'])).toEqual({ tags: [{ name: 'llm', count: 3 }] });
    expect(client.getQueryData(['/api/news', 'infinite'])).toEqual({
      pages: [{ articles: [], pagination: { total: 0 } }],
      pageParams: [0],
    });
    expect(doc.getElementById('first-screen')).toBeNull();
  });

  it('takes an address whose query is spelled another way for the same address', () => {
    const client = new QueryClient();
    const tools = JSON.stringify({ path: '/directory?category=AI+Chatbots&q=caf%C3%A9', queries: [{ key: ['/api/tools'], data: [] }] });
    seedFirstScreen(client, page('/directory?category=AI%20Chatbots&q=café', tools));
    expect(client.getQueryData(['/api/tools'])).toEqual([]);
  });

  it('ignores answers written for another address, and unreadable data', () => {
    const client = new QueryClient();
    seedFirstScreen(client, page('/news/tag/llm', payload));
    seedFirstScreen(client, page('/news?utm=1', '{"path": "/news?utm=1", "queries": ['));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
