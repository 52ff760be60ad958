import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  /** Shown when there is no image or it fails to load, in place of a broken-image frame. */
  fallback: ReactNode;
};

/** An image that gives way to its placeholder when it is missing or cannot be loaded. */
export function FallbackImage({ src, fallback, alt = '', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return <img src={src} alt={alt} onError={() => setFailedSrc(src)} {...rest} />;
}
