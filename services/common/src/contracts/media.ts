/** The gateway route that serves remote images from our own origin (the CSP allows images from nowhere else). */
export const IMAGE_PROXY_PATH = '/media/image';

/**
 * The address the browser loads a stored remote image from: through the image
 * proxy, which serves only images the site shows. Nothing for a missing or
 * non-http(s) address.
 */
export function proxiedImage(url: string | null | undefined): string | undefined {
  if (!url || !/^https?:\/\/[^/]/i.test(url)) return undefined;
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
}
