import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { proxiedImage } from '@neuralbeat/common/contracts/browser';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  /** Shown when there is no image or it fails to load, in place of a broken-image frame. */
  fallback: ReactNode;
};

/**
 * A remote image, loaded through our image proxy (the CSP allows images from our
 * own origin only), that gives way to its placeholder when it is missing or cannot be loaded.
 */
export function FallbackImage({ src, fallback, alt = '', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const proxied = proxiedImage(src);
  if (!proxied || failedSrc === proxied) return <>{fallback}</>;
  return <img src={proxied} alt={alt} onError={() => setFailedSrc(proxied)} {...rest} />;
}
