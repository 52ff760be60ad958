import { Fragment } from 'react';
import { Link } from 'react-router-dom';

/** Diagnostics name the tool that fixes a finding by its path, e.g. "(/admin/fix-low-seo)"; those paths become links. */
export function PathLinks({ text }: { text: string }) {
  const parts = text.split(/(\/admin(?:\/[a-z-]+)?)(?=\))/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} to={part}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
