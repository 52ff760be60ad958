import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function NewsArticlePage() {
  return (
    <Container>
      <Seo title="NewsArticlePage" />
      <PageHeading>NewsArticlePage</PageHeading>
    </Container>
  );
}
