import { describe, expect, it } from 'vitest';
import { proxiedImage } from './media';

describe('proxiedImage', () => {
  it('routes http(s) image addresses through the image proxy, encoded, and drops anything else', () => {
    expect(proxiedImage('https://cdn.example/a b.png?x=1&y=2')).toBe(
      '/media/image?url=https%3A%2F%2Fcdn.example%2Fa%20b.png%3Fx%3D1%26y%3D2',
    );
    expect(proxiedImage('http://cdn.example/a.jpg')).toBe('/media/image?url=http%3A%2F%2Fcdn.example%2Fa.jpg');
    for (const bad of [null, undefined, '', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/local.png', 'https:///x'])
      expect(proxiedImage(bad), String(bad)).toBeUndefined();
  });
});
