import { Container, Skeleton } from './ui';

/** What a detail page shows while its record loads: a heading bar and a body block. */
export function DetailSkeleton() {
  return (
    <Container aria-busy="true">
      <Skeleton $width="30%" style={{ margin: '1.5rem 0' }} />
      <Skeleton $height="3rem" $width="60%" />
      <Skeleton $height="12rem" style={{ marginTop: '1.5rem' }} />
    </Container>
  );
}
